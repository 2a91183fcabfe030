/**
 * The lists of the options page's store as the page knows them (each loaded through the worker's
 * cache), and what tells a page-wide failure from one list's.
 */
import type { ListItems } from '@/lib/messaging';
import type { ListName, SerializedApiError } from '@/lib/api';
import type { LoadState } from '@/lib/ui/store';

/** A failure that is the whole page's, not one list's (the service cannot be reached): said once, in the connection box. */
export function isPageWide(err: SerializedApiError | null | undefined): boolean {
  return err?.kind === 'network' || err?.kind === 'timeout';
}

/** The page-wide failure of the account or of any list, if there is one (the first met). */
export function pageWideError(s: { account: { error: SerializedApiError | null }; lists: Lists }): SerializedApiError | null {
  const errors = [s.account.error, ...LIST_NAMES.map((name) => s.lists[name].error)];
  return errors.find(isPageWide) ?? null;
}

/** A list as the page knows it: `items` is null until the first answer. */
export interface ListState<T> {
  state: LoadState;
  items: T[] | null;
  error: SerializedApiError | null;
  /** When the worker fetched it from the service (ms), if it said. */
  fetchedAt: number | null;
  /** The worker answered from an old cache and is refreshing it. */
  stale: boolean;
  /** While a long list is first loaded: its beginning that has come, and how many there are (if said). */
  arriving: { items: T[]; total: number | null } | null;
}

/** A list nobody has asked for yet. */
export function idleList<T>(): ListState<T> {
  return { state: 'idle', items: null, error: null, fetchedAt: null, stale: false, arriving: null };
}

/** Whether a request for it is under way. */
export const isLoading = (s: { state: LoadState }): boolean => s.state === 'loading';

export type Lists = { [N in ListName]: ListState<ListItems[N]> };

export const LIST_NAMES: readonly ListName[] = ['channels', 'pixels', 'domains', 'campaigns', 'qrs', 'overlays', 'splash'];

/** Every list, none asked for yet. */
export function emptyLists(): Lists {
  return {
    channels: idleList(),
    pixels: idleList(),
    domains: idleList(),
    campaigns: idleList(),
    qrs: idleList(),
    overlays: idleList(),
    splash: idleList(),
  };
}
