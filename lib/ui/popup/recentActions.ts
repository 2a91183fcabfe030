/**
 * Recent links' actions after the first paint: loading them, showing one, asking, confirming and
 * cancelling a delete (on the service, or from the list only). The search field's change is in
 * recent.ts (a field's change is applied at once).
 */
import { ask } from './ask';
import { listOf } from '@/lib/ui/listOf';
import type { HistoryEntry } from '@/lib/storage';
import { t } from '@/lib/i18n';
import { toApiError } from '@/lib/api/errors';
import type { SliceKit } from '@/lib/ui/store';
import type { FormState } from './form';
import type { RecentLater, RecentState } from './recent';
import { shownAccount } from './accountShow';

/**
 * Asks the worker for the whole list only when the stored head drew nothing (none stored, or it
 * cannot tell); else the whole list waits until it is wanted (searched, or scrolled to its end:
 * RecentLinksBody), at an open and at a switch of account alike.
 */
export function loadHistoryUnlessDrawn({ get }: Pick<SliceKit<RecentState>, 'get'>): Promise<void> | undefined {
  return get().recent.state === 'ready' ? undefined : get().recentActions.loadHistory();
}

/** Recent links' later actions (store.ts loads them on the first call of one). */
export function recentActions({ set, get }: SliceKit<RecentState & FormState>): RecentLater {
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

    async showEntry(entry) {
      set({ shown: { entry, origin: 'history' }, duplicate: null, status: '' });
    },

    async askDelete(id, where = 'list') {
      recent({ confirmingId: id, confirmingIn: where, failure: null });
    },

    async cancelDelete() {
      recent({ confirmingId: null });
    },

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
