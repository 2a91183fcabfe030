/**
 * Recent links in the popup: loading them, showing one, opening and closing a delete
 * confirmation; loaded with init.ts after the first render (store.ts defers these actions). The
 * search field's change is in popupForm (a field's change is applied at once). Deleting is in
 * popupRecentTasks.
 */
import { ask, listOf } from './ask';
import type { HistoryEntry } from '@/lib/storage';
import type { RecentActions, SliceKit } from './store';
import { shownAccount } from './account';

/**
 * Asks the worker for the whole list only when the stored head drew nothing (none stored, or it
 * cannot tell); else the whole list waits until it is wanted (searched, or scrolled to its end:
 * RecentLinksBody), at an open and at a switch of account alike.
 */
export function loadHistoryUnlessDrawn({ get }: Pick<SliceKit, 'get'>): Promise<void> | undefined {
  return get().recent.state === 'ready' ? undefined : get().loadHistory();
}

/** The Recent links slice (deferred in store.ts). */
export function recentSlice({ set, get }: SliceKit): RecentActions {
  const recent = (patch: Partial<ReturnType<typeof get>['recent']>) => set({ recent: { ...get().recent, ...patch } });
  // One question at a time (the search field, the end of the list and a change elsewhere may ask
  // together), per shown account: an answer for the account shown before is dropped, so a new one is asked.
  let loading: { account: number; done: Promise<void> } | null = null;
  const load = async () => {
    try {
      const asked = shownAccount();
      const items = listOf<HistoryEntry>(await ask('getHistory'));
      if (asked === shownAccount()) recent({ state: 'ready', items, partial: false }); // else another account's
    } catch {
      if (get().recent.state === 'loading') recent({ state: 'error' });
    }
  };

  return {
    loadHistory() {
      if (loading?.account === shownAccount()) return loading.done;
      const mine = { account: shownAccount(), done: load() };
      loading = mine;
      void mine.done.finally(() => loading === mine && (loading = null));
      return mine.done;
    },

    /** Shows a Recent links entry in the result panel (with its QR code). */
    async showEntry(entry) {
      set({ shown: { entry, origin: 'history' }, duplicate: null, status: '' });
    },

    async askDelete(id, where = 'list') {
      recent({ confirmingId: id, confirmingIn: where, failure: null });
    },

    async cancelDelete() {
      recent({ confirmingId: null });
    },
  };
}
