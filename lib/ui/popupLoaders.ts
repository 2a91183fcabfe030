/**
 * The popup's loaders: the tab's address, the connection, the preferences, and the cached
 * domains, campaigns and account (one loader for the three), each shown as it arrives.
 */
import { browser } from 'wxt/browser';
import { ask } from '../messaging';
import type { Account } from '../api';
import { rememberedChoices } from './popupData';
import type { LoaderActions, PopupData, SliceKit } from './popupStore';

/** How long before a stale cached value is asked for again (the worker refreshes it meanwhile). */
const STALE_RECHECK_MS = 3000;

/** The cached values the form uses, each asked of the worker by its own message. */
const sources = {
  domains: () => ask('getList', { name: 'domains' }),
  campaigns: () => ask('getList', { name: 'campaigns' }),
  account: () => ask('getAccount', {}) as Promise<{ stale: boolean; value: Account | null }>,
} satisfies Record<string, () => Promise<{ stale: boolean; value: unknown }>>;

type CachedKey = keyof typeof sources;

/** The address of the page the popup acts on; `popup.html?url=…` names it (the popup opened as a tab). */
async function activeTabUrl(): Promise<string | null> {
  const given = new URLSearchParams(globalThis.location?.search ?? '').get('url');
  if (given) return given;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.url || null;
}

/** The loaders slice: init, dispose, remembered choices. */
export function loadersSlice({ set, get, timers }: SliceKit): LoaderActions {
  let started = false;

  /** Asks for one cached value; a stale answer is asked for once more a little later. */
  const load = async (key: CachedKey, again = false): Promise<void> => {
    try {
      const r = await sources[key]();
      set({ [key]: { state: 'ready', value: r.value } } as Partial<PopupData>);
      if (r.stale && !again) timers.later(() => void load(key, true), STALE_RECHECK_MS);
    } catch {
      if (!again) set({ [key]: { state: 'error', value: get()[key].value } } as Partial<PopupData>);
    }
    if (key !== 'account') get().applyRemembered();
  };

  return {
    async init() {
      timers.revive();
      if (started) return;
      started = true;
      const tab = activeTabUrl()
        .then((url) => {
          const s = get();
          set({ tabUrl: url, form: s.form.urlEdited ? s.form : { ...s.form, url: url ?? '' } });
        })
        .catch(() => undefined);
      const connection = ask('getConnection')
        .then((c) => set({ connection: c.connected ? 'connected' : 'disconnected' }))
        .catch(() => undefined); // unknown: the form stays usable, failures will say why
      const settings = ask('getSettings')
        .then((value) => {
          set({ settings: value });
          get().applyRemembered();
        })
        .catch(() => undefined);
      await Promise.all([tab, connection, settings, load('domains'), load('campaigns'), load('account'), get().loadHistory()]);
    },

    dispose() {
      timers.dispose();
    },

    applyRemembered() {
      const s = get();
      if (s.form.choicesEdited || !s.settings) return;
      set({ form: { ...s.form, ...rememberedChoices(s.settings, s.domains, s.campaigns) } });
    },
  };
}
