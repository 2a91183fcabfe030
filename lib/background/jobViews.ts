/**
 * The one place a stored job becomes what a page is handed: every answer that carries a job goes
 * through here, so nothing the worker keeps only to run it crosses the messaging boundary.
 */
import type { JobView, PendingJob } from '@/lib/messaging/jobView';
import type { Job } from '@/lib/storage';

/** A job as a page may follow it: its state, its link or error, and what it waits for. */
export function jobView(job: Job): JobView {
  return {
    id: job.id,
    state: job.state,
    url: job.args.url,
    notBefore: job.notBefore,
    ...(job.result ? { result: job.result } : {}),
    ...(job.error ? { error: job.error } : {}),
    ...(job.waitingSince !== undefined ? { waitingSince: job.waitingSince } : {}),
    ...(job.notified || job.told ? { toldByWorker: true as const } : {}),
  };
}

/** A job or none, as getJob and cancelJob answer it. */
export const jobViewOrNull = (job: Job | null): JobView | null => (job ? jobView(job) : null);

/** A popup's link still being made, with its account (the popup names another account's link). */
export function pendingJobView(job: Job): PendingJob {
  return { ...jobView(job), fingerprint: job.fingerprint };
}
