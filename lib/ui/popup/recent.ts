/**
 * Recent links in the popup: the list, its search and its delete question. The search field's
 * change is here (applied at once); loading the list, showing an entry and deleting one are
 * recentActions.ts, loaded after the first paint. Their stored head (recentHead.ts) draws them at
 * the open, recentFollow.ts keeps them current, recentSearch.ts finds in them.
 */
import type { SerializedApiError } from '@/lib/api';
import type { HistoryEntry } from '@/lib/storage';
import type { Later, LoadState, SliceKit } from '@/lib/ui/store';

export interface RecentLinks {
  state: LoadState;
  items: HistoryEntry[];
  partial?: boolean; // only the newest links, from the stored head (recentHead.ts): the whole list is to come
  query: string;
  /** The entry whose inline "Delete this link on the service?" is open. */
  confirmingId: string | null;
  /** Where that question is asked: under the entry in the list, or under the result ("Delete link"). */
  confirmingIn: 'list' | 'result';
  deletingId: string | null;
  /** A failed delete, shown under its entry. */
  failure: { id: string; error: SerializedApiError } | null;
}

/** Recent links' actions that load after the first paint (recentActions.ts). */
export interface RecentLater {
  /** Asks the worker for Recent links again. */
  loadHistory(): Promise<void>;
  /** Shows a Recent links entry in the result panel (with its QR code). */
  showEntry(entry: HistoryEntry): Promise<void>;
  askDelete(id: string, where?: RecentLinks['confirmingIn']): Promise<void>;
  cancelDelete(): Promise<void>;
  /** Deletes the entry being confirmed, on the service too. */
  confirmDelete(): Promise<void>;
  /** Removes an entry from Recent links only (when the service could not delete it). */
  removeLocally(id: string): Promise<void>;
}

/** Recent links' part of the popup's state. */
export interface RecentState {
  recent: RecentLinks;
  /** The Recent links search. */
  setQuery(query: string): void;
  /** The actions that load after the first paint, each waiting for its code on its first call. */
  recentActions: Later<RecentLater>;
}

/** Recent links at the popup's open (loading, no question open) and the search field's change (applied at once). */
export function recentSlice({ set, get }: SliceKit<RecentState>): Omit<RecentState, 'recentActions'> {
  return {
    recent: { state: 'loading', items: [], query: '', confirmingId: null, confirmingIn: 'list', deletingId: null, failure: null },
    setQuery(query) {
      set({ recent: { ...get().recent, query } });
    },
  };
}
