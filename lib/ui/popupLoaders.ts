/**
 * The popup's loaders. Before the first render, `prime` reads the tab's address and, in one
 * storage call, what the cache already answers (connection state, preferences, account, domains,
 * campaigns, channels). After the first paint, `init` asks the worker for Recent links, the
 * connection, and only those cached values that storage did not answer or that are stale (one
 * loader for them), and removes tracking parameters from the tab's address.
 */
import { ask } from './popupAsk';
import type { Account } from '../api';
import { rememberedChoices } from './popupData';
import { EMPTY_SNAPSHOT, readSnapshot, snapshotOf, type PopupSnapshot } from './popupSnapshot';
import { startFirstReads, type FirstReads, type PopupPage } from './popupFirstReads';
import type { LoaderActions, PopupData, SliceKit } from './popupStore';
import { cachedLoader } from './store';

/** The cached values the form uses, each asked of the worker by its own message. */
const sources = {
  domains: () => ask('getList', { name: 'domains' }),
  campaigns: () => ask('getList', { name: 'campaigns' }),
  channels: () => ask('getList', { name: 'channels' }),
  account: () => ask('getAccount', {}) as Promise<{ stale: boolean; value: Account | null }>,
} satisfies Record<string, () => Promise<{ stale: boolean; value: unknown }>>;

type CachedKey = keyof typeof sources;
const CACHED_KEYS = Object.keys(sources) as CachedKey[];

/** The loaders slice: prime, init, dispose, remembered choices. */
export function loadersSlice({ set, get, timers }: SliceKit): LoaderActions {
  let started = false;
  let primed: Promise<PopupSnapshot> | null = null;

  /** Asks for one cached value (the one loader of lib/ui/store.ts). */
  const load = cachedLoader<CachedKey>({
    sources,
    timers,
    put: (key, loaded) => set({ [key]: loaded } as Partial<PopupData>),
    shown: (key) => get()[key].value,
    after: (key) => key !== 'account' && get().applyRemembered(),
  });

  /** Shows what storage answered, in one update. */
  const apply = (snap: PopupSnapshot, { url, title }: PopupPage) => {
    const s = get();
    const patch: Partial<PopupData> = { tabUrl: url, tabTitle: title, form: s.form.urlEdited ? s.form : { ...s.form, url: url ?? '' } };
    if (snap.state) patch.connection = snap.state.connected ? 'connected' : 'disconnected';
    if (snap.settings) Object.assign(patch, { settings: snap.settings, copyFormat: snap.settings.copyFormat ?? 'link' });
    for (const key of CACHED_KEYS) {
      const cached = snap[key];
      if (cached) Object.assign(patch, { [key]: { state: 'ready', value: cached.value } });
    }
    set(patch);
    get().applyRemembered();
  };

  const prime = (reads?: FirstReads) => {
    if (primed) return primed;
    const { items, page } = reads ?? startFirstReads();
    return (primed = Promise.all([
      items.then((raw) => snapshotOf(raw, Date.now())).catch(() => EMPTY_SNAPSHOT),
      page.catch((): PopupPage => ({ url: null, title: null })),
    ]).then(([snap, tab]) => {
      apply(snap, tab);
      return snap;
    }));
  };

  return {
    async prime(reads) {
      await prime(reads);
    },

    async init() {
      timers.revive();
      if (started) return;
      started = true;
      const snap = await prime();
      const cleaning = get().applyCleaning().catch(() => undefined);
      const asked = new Set<CachedKey>();
      const loadOnce = (key: CachedKey) => (asked.has(key) ? undefined : (asked.add(key), load(key)));
      // Disconnected: the popup shows the way to the options, not the lists.
      const missing = snap.state?.connected === false ? [] : CACHED_KEYS.filter((k) => !snap[k] || snap[k].stale);
      const connection = ask('getConnection')
        .then(async (c) => {
          set({ connection: c.connected ? 'connected' : 'disconnected' });
          if (!c.connected) return;
          // The worker has written the connection state by now: a cache that was shown for
          // another account (or none) is replaced by the worker's answers.
          const now = await readSnapshot().catch(() => EMPTY_SNAPSHOT);
          if (!snap.state?.connected || now.state?.fingerprint !== snap.state.fingerprint) await Promise.all(CACHED_KEYS.map(loadOnce));
        })
        .catch(() => undefined); // unknown: the form stays usable, failures will say why
      const settings = snap.settings
        ? undefined
        : ask('getSettings')
            .then((value) => {
              set({ settings: value, copyFormat: value.copyFormat ?? 'link' });
              get().applyRemembered();
              return get().applyCleaning();
            })
            .catch(() => undefined);
      await Promise.all([get().loadHistory(), get().loadWaiting(), connection, settings, cleaning, ...missing.map(loadOnce)]);
    },

    dispose() {
      timers.dispose();
    },

    applyRemembered() {
      const s = get();
      if (s.form.choicesEdited || !s.settings) return;
      set({ form: { ...s.form, ...rememberedChoices(s.settings, s.domains, s.campaigns, s.channels) } });
    },

    async applyCleaning() {
      const { settings, tabUrl, form, cleaned } = get();
      if (!settings?.cleanLinks || !tabUrl || form.urlEdited || cleaned) return;
      // Loaded on demand: the cleaner is not part of the popup's first paint.
      const { cleanUrl } = await import('../links/cleanUrl');
      const out = cleanUrl(tabUrl);
      const now = get();
      if (out.removed.length === 0 || now.form.urlEdited || now.cleaned || now.tabUrl !== tabUrl) return;
      set({ cleaned: { original: tabUrl, url: out.url, removed: out.removed }, form: { ...now.form, url: out.url } });
    },
  };
}
