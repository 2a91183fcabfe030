/** The cached-value loader of the pages' stores, without React (the popup loads it after its first render). */
import type { Loaded, StoreTimers } from './store';

/** How long before a value served stale is asked for again (the worker refreshes it meanwhile). */
export const STALE_RECHECK_MS = 3000;

/** What the worker answers for a cached value: the value, and whether it came from an old cache. */
export interface CachedAnswer {
  stale: boolean;
  value: unknown;
}

/** One step of loading a key, for the store to show: asked (again, for a `recheck`), answered, or failed. */
export type LoadStep<A> =
  { state: 'loading'; recheck: boolean } | { state: 'ready'; answer: A } | { state: 'error'; error: unknown; recheck: boolean };

/**
 * The one loader of cached values for every page's store: each step is shown as it comes, a stale
 * answer is asked for again a little later (`rechecks` times, the worker refreshing it meanwhile),
 * and only the latest question of a key, for the account shown, lands.
 */
export function cachedLoader<K extends string, A extends { stale: boolean } = CachedAnswer>(opts: {
  /** Asks the worker for one key (`refresh`: not from its cache). */
  sources: Record<K, (refresh: boolean) => Promise<A>>;
  timers: StoreTimers;
  /** Puts one key's step into the store. */
  put: (key: K, step: LoadStep<A>) => void;
  /** Runs after each answer or failure (e.g. applying remembered choices). */
  after?: (key: K) => void;
  /** Which account the page shows: an answer asked for another one (switched meanwhile) is dropped. */
  shownAccount?: () => unknown;
  /** How many times a stale answer is asked for again (default once), and after how long. */
  rechecks?: number;
  recheckMs?: number;
}): (key: K, refresh?: boolean) => Promise<void> {
  const asked: Partial<Record<K, number>> = {};
  const load = async (key: K, refresh: boolean, recheck: number): Promise<void> => {
    const account = opts.shownAccount?.();
    const question = (asked[key] = (asked[key] ?? 0) + 1);
    // A later question of the same key, or another account shown: this answer no longer lands.
    const current = () => asked[key] === question && (!opts.shownAccount || opts.shownAccount() === account);
    opts.put(key, { state: 'loading', recheck: recheck > 0 });
    try {
      const answer = await opts.sources[key](refresh);
      if (!current()) return;
      opts.put(key, { state: 'ready', answer });
      if (answer.stale && recheck < (opts.rechecks ?? 1))
        opts.timers.later(() => void (current() && load(key, false, recheck + 1)), opts.recheckMs ?? STALE_RECHECK_MS);
    } catch (error) {
      if (!current()) return;
      opts.put(key, { state: 'error', error, recheck: recheck > 0 });
    }
    opts.after?.(key);
  };
  return (key, refresh = false) => load(key, refresh, 0);
}

/**
 * How the popup and the bulk page show a step: the value when it comes; a failure keeps what was
 * shown, and a recheck's failure changes nothing (the value shown is the worker's, only older).
 */
export function showValue<K extends string>(put: (key: K, loaded: Loaded<unknown>) => void, shown: (key: K) => unknown) {
  return (key: K, step: LoadStep<CachedAnswer>): void => {
    if (step.state === 'ready') put(key, { state: 'ready', value: step.answer.value });
    else if (step.state === 'error' && !step.recheck) put(key, { state: 'error', value: shown(key) });
  };
}
