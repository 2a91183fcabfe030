/** Following a link made outside this popup's submit, cancelling one, making the unsent ones (with waitingActions.ts: the port and the lists). */
import { ask } from './ask';
import { t } from '@/lib/i18n';
import { toApiError } from '@/lib/api/errors';
import { toId } from '@/lib/ui/choices';
import type { Jobs } from './jobs';
import type { WaitingLater } from './waiting';
import type { PopupKit } from './state';

/** The waiting links' tasks. */
export function waitingTasks({ set, get }: PopupKit, jobs: Jobs): Pick<WaitingLater, 'followJob' | 'remakeUnsent' | 'cancelQueued'> {
  /** Shows a job as waiting and follows it until it is made; it keeps its account (the current one unless named). */
  const followJob = async (jobId: string, status: string, expectedAt: number, fingerprint = get().accounts?.current ?? undefined) => {
    set({ queued: { jobId, expectedAt, fingerprint }, status });
    jobs.follow(jobId);
  };

  return {
    followJob,

    async cancelQueued(id) {
      const followed = get().queued?.jobId;
      const jobId = id ?? followed;
      if (!jobId) return;
      const url = get().waitingLinks?.find((l) => l.id === jobId)?.url;
      try {
        const job = await ask('cancelJob', { jobId });
        const cancelled = job?.state === 'failed' && job.error?.reason === 'cancelled';
        // Its row goes at once (the worker's news of the queue says the same a moment later).
        if (cancelled) set({ waitingLinks: get().waitingLinks?.filter((l) => l.id !== jobId) });
        if (jobId !== followed) {
          const refused = job?.state === 'done' ? t('popupCancelMade') : t('popupCancelTooLate');
          set({ status: cancelled ? t('popupLinksWaitingCancelled', url ?? job?.url ?? '') : refused });
          return;
        }
        if (get().queued?.jobId !== jobId) return;
        if (cancelled) {
          jobs.unfollow();
          set({ queued: null, status: t('errCancelled') });
        } else if (job?.state !== 'done') set({ status: t('popupCancelTooLate') }); // on the wire: the answer decides
      } catch (e) {
        set({ error: toApiError(e).toJSON() });
      }
    },

    async remakeUnsent() {
      const s = get();
      const ids = s.unsent.map((u) => u.id);
      if (ids.length === 0 || s.busy) return;
      jobs.unfollow();
      set({ busy: true, error: null, shown: null });
      try {
        const made = await ask('remakeUnsent', { ids, domainId: toId(s.form.domainId), campaignId: toId(s.form.campaignId) });
        set({ unsent: get().unsent.filter((u) => !ids.includes(u.id)) });
        // The last one is followed here; the worker tells of the others as they are made.
        const last = made.at(-1);
        if (last) await followJob(last.id, t('popupUnsentMaking'), Date.now());
      } catch (e) {
        set({ error: toApiError(e).toJSON() });
      } finally {
        set({ busy: false });
      }
    },
  };
}
