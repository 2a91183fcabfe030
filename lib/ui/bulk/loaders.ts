/**
 * The bulk page's loaders: the connection, the saved connections ("Account"), the preferences and
 * the Domain/Campaign/Channel lists; choosing another account loads them again for it.
 */
import { ask } from '@/lib/messaging';
import type { Campaign, Channel, Domain } from '@/lib/api';
import { t } from '@/lib/i18n';
import { withRemembered } from '@/lib/ui/choices';
import { listOf } from '@/lib/ui/listOf';
import { previewOf } from './form';
import { isRunning } from './run';
import type { BulkData, BulkKit, BulkLoaderActions } from './state';
import { cachedLoader, showValue } from '@/lib/ui/cachedLoader';

const sources = {
  domains: () => ask('getList', { name: 'domains' }).then((r) => ({ stale: r.stale, value: listOf<Domain>(r.value) })),
  campaigns: () => ask('getList', { name: 'campaigns' }).then((r) => ({ stale: r.stale, value: listOf<Campaign>(r.value) })),
  channels: () => ask('getList', { name: 'channels' }).then((r) => ({ stale: r.stale, value: listOf<Channel>(r.value) })),
};

/** The loaders slice: init, dispose, remembered choices, switching the account. */
export function bulkLoadersSlice({ set, get, timers }: BulkKit): BulkLoaderActions {
  let started = false;
  /** How many times the page switched accounts: answers asked before a switch are dropped. */
  let switches = 0;

  const load = cachedLoader<keyof typeof sources>({
    sources,
    timers,
    shownAccount: () => switches,
    put: showValue(
      (key, loaded) => set({ [key]: loaded } as Partial<BulkData>),
      (key) => get()[key].value,
    ),
    after: () => get().applyRemembered(),
  });

  /** The connection, the preferences (remembered choices) and the lists of the current account. */
  const loadAccount = () => {
    const connection = ask('getConnection')
      .then((c) => set({ connection: c.connected ? 'connected' : 'disconnected' }))
      .catch(() => undefined);
    const settings = ask('getSettings')
      .then((value) => {
        // The cleaning preference may change what the pasted text gives.
        set({ settings: value, preview: previewOf(get().form.text, value) });
        get().applyRemembered();
      })
      .catch(() => undefined);
    return Promise.all([connection, settings, load('domains'), load('campaigns'), load('channels')]);
  };

  /** The saved connections, for "Account" (none known when the worker cannot tell). */
  const loadAccounts = () =>
    ask('listConnections')
      .then((list) => {
        const current = list.find((c) => c.current)?.fingerprint ?? null;
        // By name, as the popup lists them (the worker's connection state is sorted so).
        const names = list.map(({ fingerprint, name }) => ({ fingerprint, name })).sort((a, b) => a.name.localeCompare(b.name));
        set({ accounts: { ...get().accounts, list: names, current } });
      })
      .catch(() => undefined);

  /** Shows the account `fingerprint`: its lists and remembered choices, never the other one's meanwhile. */
  const showAccount = async (fingerprint: string | null) => {
    switches++;
    const loading = () => ({ state: 'loading' as const, value: [] });
    set({
      accounts: { ...get().accounts, current: fingerprint },
      form: { ...get().form, domainId: '', campaignId: '', channelId: '', choicesEdited: false },
      domains: loading(),
      campaigns: loading(),
      channels: loading(),
    });
    await Promise.all([loadAccount(), loadAccounts()]);
  };

  return {
    async init() {
      timers.revive();
      if (started) return;
      started = true;
      void ask('takeStorageNotices').then(
        (storageNotices) => set({ storageNotices }),
        () => undefined,
      );
      void get().privacy.then((privateWindow) => set({ privateWindow }));
      await Promise.all([loadAccount(), loadAccounts(), get().refresh()]);
    },

    dispose() {
      timers.dispose();
    },

    applyRemembered() {
      const form = withRemembered(get());
      if (form) set({ form });
    },

    async switchAccount(fingerprint) {
      const s = get();
      if (s.accounts.switchingTo || fingerprint === s.accounts.current) return;
      // A running batch keeps its account; the select is disabled meanwhile, and says why.
      if (isRunning(s.view?.batch) || s.starting) {
        set({ alert: t('bulkAccountRunning'), status: '' });
        return;
      }
      set({ accounts: { ...s.accounts, switchingTo: fingerprint, error: null }, alert: '' });
      try {
        await ask('switchConnection', { fingerprint });
      } catch (e) {
        // The select goes back to the account still current, and says why.
        set({ accounts: { ...get().accounts, switchingTo: null, error: e } });
        return;
      }
      await showAccount(fingerprint);
      set({ accounts: { ...get().accounts, switchingTo: null } });
    },

    async followCurrentAccount() {
      const shown = get().accounts.current;
      await loadAccounts();
      const current = get().accounts.current;
      if (current !== shown) await showAccount(current);
    },
  };
}
