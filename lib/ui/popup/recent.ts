/**
 * Recent links in the popup: loading them (after the first render), searching, showing one,
 * opening and closing a delete confirmation. Deleting is in popupRecentTasks.
 */
import { ask } from './ask';
import type { HistoryEntry } from '../../storage';
import { listOf } from '../listOf';
import type { RecentActions, SliceKit } from './store';

/** The Recent links slice. */
export function recentSlice({ set, get }: SliceKit): RecentActions {
  const recent = (patch: Partial<ReturnType<typeof get>['recent']>) => set({ recent: { ...get().recent, ...patch } });

  return {
    async loadHistory() {
      try {
        recent({ state: 'ready', items: listOf<HistoryEntry>(await ask('getHistory')) });
      } catch {
        if (get().recent.state === 'loading') recent({ state: 'error' });
      }
    },

    /** Shows a Recent links entry in the result panel (with its QR code). */
    showEntry(entry) {
      set({ shown: { entry, origin: 'history' }, duplicate: null, status: '' });
    },

    setQuery(query) {
      recent({ query });
    },

    askDelete(id, where = 'list') {
      recent({ confirmingId: id, confirmingIn: where, failure: null });
    },

    cancelDelete() {
      recent({ confirmingId: null });
    },

  };
}
