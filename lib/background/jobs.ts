/**
 * The persisted queue of work the user asked for (shortens). Every job is stored before it
 * runs and after every step, so that when the browser stops the worker, queued work resumes
 * on the next start and completes once. A job whose shorten was on the wire when the worker
 * died (`sentAt`) has an unknown outcome: it is not sent again blindly (waitPolicy.ts); a job whose
 * short link is known only redoes the campaign step. After a failed try, waitPolicy.ts decides:
 * wait for the service (up to a day), wait for the budget, or end.
 */
import type { SerializedApiError } from '@/lib/api';
import type { Job, AnyStoredValue } from '@/lib/storage';
import { StoredJobs } from './storedJobs';
import { JobRunner, type JobDeps } from './jobRunner';
import { JobEvents, type FirstEvent, type JobEventName } from './jobEvents';

/** Settled jobs are kept this long so that a popup can still read their outcome. */
export const KEEP_SETTLED_MS = 15 * 60_000;
/** A page's messages try the jobs waiting for the service at most this often. */
export const RETRY_ON_ASK_MS = 10_000;

export class JobQueue {
  /** What happens to jobs: made, refused, waiting, unsent, to tell, settled (jobEvents.ts). */
  readonly events = new JobEvents();
  /** The stored jobs, read once; every change is written through (coalesced). */
  private readonly stored = new StoredJobs();
  private readonly runner: JobRunner;
  private readonly now: () => number;
  private lastRetryWaiting = -Infinity;

  constructor(private readonly deps: JobDeps) {
    this.now = deps.now ?? Date.now;
    this.runner = new JobRunner(this.stored, this.events, deps);
  }

  /** Stores a new job and starts it. */
  async add(fields: Omit<Job, 'id' | 'state' | 'attempts' | 'notBefore' | 'createdAt'>): Promise<Job> {
    const job: Job = { ...fields, id: crypto.randomUUID(), state: 'pending', attempts: 0, notBefore: 0, createdAt: this.now() };
    // Started once its write is asked, not done (storedJobs.ts): at once for a lone press, after
    // the write under way in a burst. A full storage never stops a link: the job runs from memory.
    await this.stored.changeSoon((jobs) => [...jobs, job]);
    // A safety net: should the worker stop while the job waits, the alarm brings it back.
    this.deps.wakeAt(this.now());
    void this.kick();
    return job;
  }

  /**
   * Stores many new jobs in one write and starts them (a bulk batch); returns them in order.
   * `alongside` names other values to store in the same storage call (the batch that names the
   * jobs): storage holds both or neither, and the jobs start only once both are stored.
   */
  async addMany(
    list: Omit<Job, 'id' | 'state' | 'attempts' | 'notBefore' | 'createdAt'>[],
    alongside?: (made: Job[]) => AnyStoredValue[],
  ): Promise<Job[]> {
    const made = list.map((fields): Job => ({
      ...fields,
      id: crypto.randomUUID(),
      state: 'pending',
      attempts: 0,
      notBefore: 0,
      createdAt: this.now(),
    }));
    if (made.length === 0) return made;
    const also = alongside?.(made);
    try {
      await this.stored.update((jobs) => [...jobs, ...made], also);
    } catch (e) {
      // Not stored: the caller is told so, and neither the jobs nor their values are written later.
      await this.stored.forget(new Set(made.map((j) => j.id)), also ?? []);
      throw e;
    }
    this.deps.wakeAt(this.now());
    void this.kick();
    return made;
  }

  /**
   * Cancels jobs not sent yet (a made link's assignments go on): a pending job fails at once as cancelled; one waiting at the gate
   * is stopped right before it would be sent. Returns the ids cancelled (a job on the wire goes on).
   */
  async cancel(ids: readonly string[], error: SerializedApiError): Promise<string[]> {
    const wanted = new Set(ids);
    const cancelled: string[] = [];
    await this.stored.update((jobs) =>
      jobs.map((j) => {
        if (!wanted.has(j.id) || j.state !== 'pending' || j.shortened || !this.runner.cancelBeforeSend(j.id)) return j;
        cancelled.push(j.id);
        return { ...j, state: 'failed' as const, error, settledAt: this.now() };
      }),
    );
    this.runner.leaveAhead(cancelled);
    return cancelled;
  }

  /** All stored jobs. */
  async list(): Promise<Job[]> {
    return [...(await this.stored.all())];
  }

  /** One job by id (a private job whole while this worker lives, for the popup that follows it). */
  get(id: string): Promise<Job | null> {
    return this.runner.get(id);
  }

  /** Resolves when the job settles, or with null after `timeoutMs`. */
  async waitFor(id: string, timeoutMs: number): Promise<Job | null> {
    return (await this.firstEvent(id, ['settled'], timeoutMs))?.job ?? null;
  }

  /**
   * The first of `names` to happen to job `id` (passing `when`), or null after `timeoutMs`; a job
   * settled already answers at once as `settled` (a page asking late still hears it).
   */
  async firstEvent<K extends JobEventName>(
    id: string,
    names: readonly (K | 'settled')[],
    timeoutMs: number,
    when?: (event: FirstEvent<K | 'settled'>) => boolean,
  ): Promise<FirstEvent<K | 'settled'> | null> {
    type Found = FirstEvent<K | 'settled'> | null;
    const next = this.events.first(id, names, timeoutMs, when);
    const already = this.get(id).then((job): Found | Promise<never> =>
      job && isSettled(job) ? ({ name: 'settled', job } as Found) : new Promise<never>(() => undefined),
    );
    try {
      return (await Promise.race([next.promise, already])) as Found;
    } finally {
      next.cancel();
    }
  }

  /**
   * On worker start: jobs that were on the wire have an unknown outcome and go again, and a job
   * that settled while a worker stopped before telling of it is told now (once).
   */
  async resume(): Promise<void> {
    await this.stored.update((jobs) =>
      jobs
        .filter((j) => !(j.settledAt && this.now() - j.settledAt > KEEP_SETTLED_MS))
        .map((j) => (j.state === 'sending' && !this.runner.running.has(j.id) ? { ...j, state: 'pending' } : j)),
    );
    for (const j of await this.stored.all()) if (j.notify && !j.notified) await this.tellSettled(j.id);
    await this.kick();
  }

  /**
   * The service may answer again (the browser is online, a page opened): jobs waiting for it
   * are tried now instead of at the end of their backoff.
   */
  async retryWaiting(force = true): Promise<void> {
    // Asked by every message of a page: at most once per RETRY_ON_ASK_MS, so an open popup does not hammer a service that is down.
    if (!force && this.now() - this.lastRetryWaiting < RETRY_ON_ASK_MS) return;
    this.lastRetryWaiting = this.now();
    const waiting = (await this.stored.all()).some(
      (j) => j.state === 'pending' && j.waitingSince !== undefined && j.notBefore > this.now(),
    );
    if (!waiting) return;
    await this.stored.update((jobs) =>
      jobs.map((j) =>
        j.state === 'pending' && j.waitingSince !== undefined && !this.runner.running.has(j.id) ? { ...j, notBefore: 0 } : j,
      ),
    );
    await this.kick();
  }

  /** Whether a job's request is on the wire now (its answer is awaited). */
  isOnWire = (id: string): boolean => this.runner.isOnWire(id);

  /** Starts every pending job that is due; arms a timer (and an alarm) for the others. */
  kick = (): Promise<void> => this.runner.kick();

  /** Asks for a notification when the job settles (its page stopped waiting); from now on it is a link waiting (`toldWaiting`). */
  async markNotify(id: string): Promise<void> {
    await this.patch(id, { notify: true, toldWaiting: true });
    await this.tellSettled(id); // settled in between: told now (unless finish() already did)
  }

  /** Tells of a settled job that wants telling, once (a private job whole from memory). */
  private async tellSettled(id: string): Promise<void> {
    const job = (await this.stored.claim(id)) && (await this.get(id));
    if (job) await this.events.emit('tell', { job });
  }

  /** A page shows the job's outcome itself (the popup follows it): no notification unless one was given already. */
  async unmarkNotify(id: string): Promise<void> {
    await this.stored.update((jobs) => jobs.map((j) => (j.id === id && !j.notified ? { ...j, notify: false } : j)));
  }

  /** Pending or sending jobs (not settled). */
  async unsettled(): Promise<Job[]> {
    return (await this.stored.all()).filter((j) => j.state === 'pending' || j.state === 'sending');
  }

  /** Changes a stored job. */
  patch(id: string, patch: Partial<Job>): Promise<void> {
    return this.stored.patch(id, patch);
  }
}

/** Done or failed for good. */
const isSettled = (j: Job): boolean => j.state === 'done' || j.state === 'failed';
