/**
 * Which of the due jobs the queue starts (JobQueue.kick): the user's own first, a few at a time,
 * and an account's background jobs only a few windows ahead of their links.
 */
import type { Job } from '@/lib/storage';
import { MAX_CONCURRENT } from './gate';

/** Jobs started in one turn of the event loop (a window's worth of requests and more). */
export const START_AT_ONCE = 12;
/**
 * Background jobs of one account started while their link is not made yet (at the gate or on the
 * wire): the gate's requests in flight twice over. The others start as these get their links: a
 * whole batch started at once keeps the worker busy while its first answer waits, and the first
 * window loses its last requests.
 */
export const BACKGROUND_AHEAD = 2 * MAX_CONCURRENT;

/** The pending jobs not running that are due now, and when the next of the others is (Infinity: none). */
export function dueJobs(jobs: readonly Job[], running: ReadonlySet<string>, now: number): { due: Job[]; next: number } {
  let next = Infinity;
  const due: Job[] = [];
  for (const job of jobs) {
    if (job.state !== 'pending' || running.has(job.id)) continue;
    if (job.notBefore > now) next = Math.min(next, job.notBefore);
    else due.push(job);
  }
  return { due, next };
}

/** Interactive jobs (a press) start before background ones (a bulk batch); `sort` keeps the order within each. */
const rank = (job: Job): number => (job.priority === 'interactive' ? 0 : 1);

/**
 * The due jobs that may start, best first (the caller starts START_AT_ONCE of them per turn):
 * `ahead` names the account of each background job running without its link yet.
 */
export function startable(due: Job[], ahead: Iterable<string>): Job[] {
  const busy = new Map<string, number>();
  for (const account of ahead) busy.set(account, (busy.get(account) ?? 0) + 1);
  return [...due]
    .sort((a, b) => rank(a) - rank(b))
    .filter((job) => {
      if (job.priority !== 'background' || job.shortened) return true;
      const n = busy.get(job.fingerprint) ?? 0;
      busy.set(job.fingerprint, n + 1);
      return n < BACKGROUND_AHEAD;
    });
}

/** The background jobs running without their link yet, by account (what BACKGROUND_AHEAD counts). */
export class LinksAhead {
  private readonly accountOf = new Map<string, string>();

  /** A job starts: a background one without its link counts for its account. */
  start(job: Job): void {
    if (job.priority === 'background' && !job.shortened) this.accountOf.set(job.id, job.fingerprint);
  }

  /** A job has its link, ended or was cancelled: it counts no more. True when it counted. */
  drop(id: string): boolean {
    return this.accountOf.delete(id);
  }

  /** The account of each job counted. */
  accounts(): Iterable<string> {
    return this.accountOf.values();
  }
}
