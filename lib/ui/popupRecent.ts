/** Recent links in the popup: loading them, searching, showing one, deleting with confirmation. */
import { ask } from './popupAsk';
import type { HistoryEntry } from '../storage';
import { t } from '../i18n';
import { toApiError } from '../api/errors';
import { listOf } from './popupData';
import type { RecentActions, SliceKit } from './popupStore';

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

    askDelete(id) {
      recent({ confirmingId: id, failure: null });
    },

    cancelDelete() {
      recent({ confirmingId: null });
    },

    /** Deletes the entry being confirmed, on the service too. */
    async confirmDelete() {
      const id = get().recent.confirmingId;
      if (!id) return;
      recent({ confirmingId: null, deletingId: id, failure: null });
      try {
        const items = listOf<HistoryEntry>(await ask('deleteHistoryEntry', { id, remote: true }));
        const shown = get().shown;
        set({ recent: { ...get().recent, items, deletingId: null }, status: t('popupStatusDeleted'), shown: shown?.entry.id === id ? null : shown });
      } catch (e) {
        recent({ deletingId: null, failure: { id, error: toApiError(e).toJSON() } });
      }
    },

    /** Removes an entry from Recent links only (when the service could not delete it). */
    async removeLocally(id) {
      try {
        const items = listOf<HistoryEntry>(await ask('deleteHistoryEntry', { id, remote: false }));
        set({ recent: { ...get().recent, items, failure: null }, status: t('popupStatusRemoved') });
      } catch (e) {
        recent({ failure: { id, error: toApiError(e).toJSON() } });
      }
    },
  };
}
