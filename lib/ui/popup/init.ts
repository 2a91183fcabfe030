/**
 * What the popup asks the worker once its first render is on screen (popupLoaders' `init` loads
 * this module then): Recent links, the links still being made, the connection, the settings when
 * storage had none, and only those cached values that storage did not answer or that are stale
 * (one loader for them); and it removes tracking parameters from the tab's address, then applies
 * the site rule matching it (popupUtm).
 */
import { ask } from './ask';
import type { Account } from '../../api';
import { readSnapshotItems, snapshotOf, type CachedKey, type PopupSnapshot } from './snapshot';
import type { PopupData, SliceKit } from './store';
import { cachedLoader } from '../cachedLoader';
import { headLinks, readHead } from './recentHead';

// The later actions come with this chunk, which every open loads after its first paint.
export { laterSlice } from './later';
export { recentSlice } from './recent';

/** The cached values the form uses (popupSnapshot's CACHED_KEYS), each asked of the worker by its own message. */
const sources = {
  domains: () => ask('getList', { name: 'domains' }),
  campaigns: () => ask('getList', { name: 'campaigns' }),
  channels: () => ask('getList', { name: 'channels' }),
  account: () => ask('getAccount', {}) as Promise<{ stale: boolean; value: Account | null }>,
} satisfies Record<CachedKey, () => Promise<{ stale: boolean; value: unknown }>>;

const CACHED_KEYS = Object.keys(sources) as CachedKey[];

/** Reads the snapshot again, in one storage call (once the worker answered the connection). */
const reread = async (): Promise<PopupSnapshot> => snapshotOf(await readSnapshotItems(), Date.now());

/** Asks the worker for what the snapshot `snap` (what storage answered) did not hold or holds stale. */
export async function askWorker({ set, get, timers }: SliceKit, snap: PopupSnapshot): Promise<void> {
  const load = cachedLoader<CachedKey>({
    sources,
    timers,
    put: (key, loaded) => set({ [key]: loaded } as Partial<PopupData>),
    shown: (key) => get()[key].value,
    after: (key) => (key === 'account' ? undefined : void get().applyRemembered()),
  });
  // Recent links from the stored head (one small read; no worker, no reading of the whole list); the worker's answer replaces them.
  const head = readHead()
    .then((raw) => {
      const shown = get().recent.state === 'loading' ? headLinks(raw, snap.state?.fingerprint) : null;
      if (shown) set({ recent: { ...get().recent, state: 'ready', items: shown.items, partial: !shown.complete } });
    })
    .catch(() => undefined);
  // The site rule and its UTM preset come after the cleaning (so the cleaning never removes them).
  const cleaning = get()
    .applyCleaning()
    .catch(() => undefined)
    .then(() => (get().linkRulesRaw ? get().applyRules() : undefined))
    .catch(() => undefined);
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
      const now = await reread().catch(() => null);
      if (!snap.state?.connected || now?.state?.fingerprint !== snap.state.fingerprint) await Promise.all(CACHED_KEYS.map(loadOnce));
      // Likewise the site rules: those of the account now connected (none shown before on a first open).
      if (now && now.state?.fingerprint !== snap.state?.fingerprint) {
        set({ linkRulesRaw: now.linkRules, linkRules: null, rule: null });
        await cleaning;
        if (now.linkRules) await get().applyRules();
      }
    })
    .catch(() => undefined); // unknown: the form stays usable, failures will say why
  const settings = snap.settings
    ? undefined
    : ask('getSettings')
        .then(async (value) => {
          set({ settings: value, copyFormat: value.copyFormat ?? 'link' });
          await get().applyRemembered();
          return get().applyCleaning();
        })
        .catch(() => undefined);
  // The worker reads every stored item through its schema: what was lost is told once, and
  // preferences it had to repair replace those storage gave the first render.
  const notices = ask('takeStorageNotices')
    .then(async (storageNotices) => {
      set({ storageNotices });
      if (!storageNotices.includes('settings')) return;
      const value = await ask('getSettings');
      set({ settings: value, copyFormat: value.copyFormat });
      get().applyRemembered();
    })
    .catch(() => undefined);
  await Promise.all([head, get().loadHistory(), get().loadWaiting(), connection, settings, cleaning, notices, ...missing.map(loadOnce)]);
}
