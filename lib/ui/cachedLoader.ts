/** The cached-value loader of the pages' stores, without React (the popup loads it after its first render). */
import type { Loaded, StoreTimers } from './store';

/** How long before a value served stale is asked for again (the worker refreshes it meanwhile). */
export const STALE_RECHECK_MS = 3000;

/**
 * One loader of cached values for every page's store: the value is shown as soon as it comes, a
 * stale one is asked for once more a little later, and a failure keeps what was shown.
 */
export function cachedLoader<K extends string>(opts: {
  sources: Record<K, () => Promise<{ stale: boolean; value: unknown }>>;
  timers: StoreTimers;
  /** Puts one key's Loaded value into the store. */
  put: (key: K, loaded: Loaded<unknown>) => void;
  /** What the store shows for a key now (kept when loading fails). */
  shown: (key: K) => unknown;
  /** Runs after each answer or failure (e.g. applying remembered choices). */
  after?: (key: K) => void;
  /** Which account the page shows: an answer asked for another one (switched meanwhile) is dropped. */
  shownAccount?: () => unknown;
}): (key: K) => Promise<void> {
  const load = async (key: K, again: boolean): Promise<void> => {
    const asked = opts.shownAccount?.();
    try {
      const r = await opts.sources[key]();
      if (opts.shownAccount && opts.shownAccount() !== asked) return;
      opts.put(key, { state: 'ready', value: r.value });
      if (r.stale && !again) opts.timers.later(() => void load(key, true), STALE_RECHECK_MS);
    } catch {
      if (opts.shownAccount && opts.shownAccount() !== asked) return;
      if (!again) opts.put(key, { state: 'error', value: opts.shown(key) });
    }
    opts.after?.(key);
  };
  return (key) => load(key, false);
}
