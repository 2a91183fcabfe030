/**
 * A link made or waiting: showing it (and copying it), and following a queued one until the
 * worker has made it or given up.
 */
import { ask } from './ask';
import type { HistoryEntry } from '@/lib/storage';
import type { JobView } from '@/lib/messaging/jobView';
import { t } from '@/lib/i18n';
import { formatCopy } from '@/lib/links/copyFormat';
import type { ShownLink } from './form';
import type { PopupKit } from './state';
import { jobWaitingMessage } from './text';
import { keptInHistory } from '@/lib/links/keptInHistory';

/** How often a queued link is looked at. */
const POLL_MS = 1000;
/** How long one question for a shown link's assignments waits for them (asked again while they wait). */
const OUTCOME_WAIT_MS = 15_000;

/** Whether a link's campaign or channel is still being assigned. */
const assigning = (entry: HistoryEntry) => entry.campaign.state === 'pending' || entry.channel?.state === 'pending';

/** A made or queued link, as the form's tasks use it. */
export interface Jobs {
  /** Shows a link that was just made (or found), copies it (unless the worker told of it already), and refreshes Recent links. */
  showMade(entry: HistoryEntry, origin: ShownLink['origin'], opts?: { toldByWorker?: boolean; later?: boolean }): Promise<void>;
  /** Follows a queued link until it is made or fails (the worker is told that this popup shows it). */
  follow(jobId: string): void;
  /** Adds what became of a shown link's campaign and channel once the worker has them (the link stays shown). */
  awaitOutcomes(jobId: string): Promise<void>;
  /** Stops following the queued link. */
  unfollow(): void;
}

const made = new WeakMap<PopupKit, Jobs>();

/** The one follower of made and queued links of a popup, shared by Shorten and the waiting links (a press stops following what waited). */
export function jobsOf(kit: PopupKit): Jobs {
  let jobs = made.get(kit);
  if (!jobs) made.set(kit, (jobs = createJobs(kit)));
  return jobs;
}

/** Follows made and queued links for one popup. */
function createJobs({ set, get, timers }: PopupKit): Jobs {
  let stop: (() => void) | null = null;
  let polling = false;

  /** Copies when the user wants it, and says so (not when the worker already told and copied). */
  const autoCopy = async (entry: HistoryEntry, toldByWorker: boolean) => {
    if (get().settings?.autoCopy === false || toldByWorker) {
      set({ status: t('popupStatusCreated') });
      return;
    }
    try {
      await navigator.clipboard.writeText(formatCopy(get().copyFormat, entry));
      set({ status: t('popupStatusCopied') });
    } catch {
      set({ status: t('popupStatusNotAutoCopied') });
    }
  };

  /** Looks at a queued job once. */
  const poll = async (jobId: string) => {
    if (polling || timers.disposed) return;
    polling = true;
    try {
      const job: JobView | null = await ask('getJob', { jobId });
      if (get().queued?.jobId !== jobId) return; // something newer replaced it
      if (!job) {
        jobs.unfollow();
        set({ queued: null, status: t('popupStatusQueueGone') });
        void get().recentActions.loadHistory();
      } else if (job.result) {
        // The link is made (its assignments may still go): shown and copied now.
        if (job.state === 'done') jobs.unfollow();
        else {
          stopPolling(); // still claimed: should the popup close, the worker tells only of a failed assignment
          void get()
            .waitingActions.markShown(jobId)
            .catch(() => undefined);
        }
        await jobs.showMade(job.result, 'new', { toldByWorker: job.toldByWorker === true, later: true });
        if (job.state !== 'done') void jobs.awaitOutcomes(jobId);
      } else if (job.state === 'failed') {
        jobs.unfollow();
        set({ queued: null, status: '', error: job.error ?? { kind: 'unreadable', message: t('popupQueuedFailed') } });
        // Not sent because the key changed: the popup names it with the way to make it now, and
        // Recent links are another account's now.
        if (job.error?.reason === 'account-changed')
          void Promise.all([get().waitingActions.loadWaiting(), get().recentActions.loadHistory()]);
      } else {
        // Still waiting: say what for now (the service came back or went away; a time that passed).
        const said = jobWaitingMessage(job, { status: get().status, expectedAt: get().queued?.expectedAt ?? 0 });
        // Long URL shows another address (a popup opened on another page): the sentence names the link.
        const status =
          said !== null && job.waitingSince !== undefined && job.url !== get().form.url ? t('popupWaitingNamed', job.url, said) : said;
        if (status !== null && status !== get().status) set({ status });
      }
    } catch {
      // The worker may be restarting: keep looking.
    } finally {
      polling = false;
    }
  };

  const stopPolling = () => {
    stop?.();
    stop = null;
  };

  const jobs: Jobs = {
    async showMade(entry, origin, opts = {}) {
      set({ shown: { entry, origin, ...(opts.later ? { later: true } : {}) }, queued: null, error: null, duplicate: null });
      await autoCopy(entry, opts.toldByWorker ?? false);
      // The worker files it in Recent links (when the user keeps them: from a private window only
      // if allowed) and tells the popup of the new head (recentFollow.ts): drawn now, not asked for.
      const settings = get().settings;
      if (origin === 'new' && settings && keptInHistory(settings, get().incognito)) {
        const recent = get().recent;
        set({ recent: { ...recent, items: [entry, ...recent.items.filter((e) => e.id !== entry.id)] } });
      }
    },

    async awaitOutcomes(jobId) {
      while (!timers.disposed && get().shown?.entry.id === jobId && assigning(get().shown!.entry)) {
        let job: JobView | null;
        try {
          job = await ask('getJob', { jobId, waitMs: OUTCOME_WAIT_MS });
        } catch {
          return; // no worker answer: Recent links will say it
        }
        const shown = get().shown;
        if (!job?.result || shown?.entry.id !== jobId) return;
        set({ shown: { ...shown, entry: job.result } });
        // Settled: Recent links hear of its outcome from the worker (the head it writes).
        if (job.state !== 'pending' && job.state !== 'sending') return;
      }
    },

    follow(jobId) {
      jobs.unfollow();
      if (timers.disposed) return;
      void get()
        .waitingActions.claim(jobId)
        .catch(() => undefined); // not told: the worker tells of the link itself
      stop = timers.every(() => void poll(jobId), POLL_MS);
    },

    unfollow() {
      // A job left before it settled goes back to the worker, which tells of it (and copies it).
      if (stop)
        void get()
          .waitingActions.release()
          .catch(() => undefined);
      stop?.();
      stop = null;
    },
  };
  return jobs;
}
