/** The bulk page's loaders: the connection, the preferences and the Domain/Campaign/Channel lists. */
import { ask } from '../../messaging';
import type { Campaign, Channel, Domain } from '../../api';
import { withRemembered } from '../choices';
import { listOf } from '../listOf';
import { previewOf } from './form';
import type { BulkData, BulkKit, BulkLoaderActions } from './store';
import { cachedLoader } from '../cachedLoader';

const sources = {
  domains: () => ask('getList', { name: 'domains' }).then((r) => ({ stale: r.stale, value: listOf<Domain>(r.value) })),
  campaigns: () => ask('getList', { name: 'campaigns' }).then((r) => ({ stale: r.stale, value: listOf<Campaign>(r.value) })),
  channels: () => ask('getList', { name: 'channels' }).then((r) => ({ stale: r.stale, value: listOf<Channel>(r.value) })),
};

/** The loaders slice: init, dispose, remembered choices. */
export function bulkLoadersSlice({ set, get, timers }: BulkKit): BulkLoaderActions {
  let started = false;

  const load = cachedLoader<keyof typeof sources>({
    sources,
    timers,
    put: (key, loaded) => set({ [key]: loaded } as Partial<BulkData>),
    shown: (key) => get()[key].value,
    after: () => get().applyRemembered(),
  });

  return {
    async init() {
      timers.revive();
      if (started) return;
      started = true;
      const connection = ask('getConnection')
        .then((c) => set({ connection: c.connected ? 'connected' : 'disconnected' }))
        .catch(() => undefined);
      void ask('takeStorageNotices').then((storageNotices) => set({ storageNotices }), () => undefined);
      const settings = ask('getSettings')
        .then((value) => {
          // The cleaning preference may change what the pasted text gives.
          set({ settings: value, preview: previewOf(get().form.text, value) });
          get().applyRemembered();
        })
        .catch(() => undefined);
      await Promise.all([connection, settings, load('domains'), load('campaigns'), load('channels'), get().refresh()]);
    },

    dispose() {
      timers.dispose();
    },

    applyRemembered() {
      const form = withRemembered(get());
      if (form) set({ form });
    },
  };
}
