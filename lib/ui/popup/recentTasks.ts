/** Recent links in the popup, deleting one (on the service, or from the list only). */
import { ask, listOf } from './ask';
import type { HistoryEntry } from '@/lib/storage';
import { t } from '@/lib/i18n';
import { toApiError } from '@/lib/api/errors';
import type { SliceKit, TaskActions } from './store';

/** The Recent links tasks. */
export function recentTasks({ set, get }: SliceKit): Pick<TaskActions, 'confirmDelete' | 'removeLocally'> {
  const recent = (patch: Partial<ReturnType<typeof get>['recent']>) => set({ recent: { ...get().recent, ...patch } });

  return {
    /** Deletes the entry being confirmed, on the service too. */
    async confirmDelete() {
      const id = get().recent.confirmingId;
      if (!id) return;
      recent({ confirmingId: null, deletingId: id, failure: null });
      try {
        const items = listOf<HistoryEntry>(await ask('deleteHistoryEntry', { id, remote: true }));
        const shown = get().shown;
        set({
          recent: { ...get().recent, items, deletingId: null },
          status: t('popupStatusDeleted'),
          shown: shown?.entry.id === id ? null : shown,
        });
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
