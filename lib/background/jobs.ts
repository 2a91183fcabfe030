/**
 * The persisted queue of work the user asked for (shortens). Every job is stored before it
 * runs and after every step, so that when the browser stops the worker, queued work resumes
 * on the next start and completes once. A job whose request was on the wire when the worker
 * died has an unknown outcome and is sent again (documented in the README); a job whose
 * short link is known only redoes the campaign step.
 */
import { isTransient, toApiError, type ApiError, type SerializedApiError } from '../api';
import type { Job, AnyStoredValue } from '../storage';
import { StoredJobs } from './storedJobs';
import { backoffMs } from './retry';

/** Job-level tries for transient failures (each try itself retries inside withRetry). */
export const MAX_JOB_ATTEMPTS = 5;
/** Settled jobs are kept this long so that a popup can still read their outcome. */
export const KEEP_SETTLED_MS = 15 * 60_000;
/** Jobs started in one turn of the event loop (a window's worth of requests and more). */
export const START_AT_ONCE = 12;

export interface JobDeps {
  /** Runs one job; `markSending` is called right before the request goes out (it records, it does not wait). */
  run: (job: Job, markSending: () => Promise<void>, checkpoint: (patch: Partial<Job>) => Promise<void>) => Promise<Job['result']>;
  /** Told when a job is done or failed for good (jobs that want a notification). */
  onSettled: (job: Job) => Promise<void>;
  /** Told of every job that settles (the bulk batch records its outcome). */
  onFinished?: (job: Job) => Promise<void>;
  /** Asks to be woken at `at` (alarms), for jobs that must wait past the worker's life. */
  wakeAt: (at: number) => void;
  now?: () => number;
  /** Job-level tries for transient failures; default MAX_JOB_ATTEMPTS. */
  maxAttempts?: number;
}

export class JobQueue {
  /** The stored jobs, read once; every change is written through (coalesced). */
  private readonly stored = new StoredJobs();
  private readonly running = new Set<string>();
  /** Jobs whose request has left (in this worker's life): too late to cancel. */
  private readonly onWire = new Set<string>();
  /** Jobs cancelled while they waited at the gate: stopped before sending. */
  private readonly cancelled = new Set<string>();
  private readonly waiters = new Map<string, ((job: Job) => void)[]>();
  /** Settled private jobs as they were made, in this worker's memory only (storage keeps them without address or title). */
  private readonly whole = new Map<string, Job>();
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private moreSoon: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: JobDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Stores a new job and starts it. */
  async add(fields: Omit<Job, 'id' | 'state' | 'attempts' | 'notBefore' | 'createdAt'>): Promise<Job> {
    const job: Job = { ...fields, id: crypto.randomUUID(), state: 'pending', attempts: 0, notBefore: 0, createdAt: this.now() };
    await this.stored.update((jobs) => [...jobs, job]);
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
    const made = list.map((fields): Job => ({ ...fields, id: crypto.randomUUID(), state: 'pending', attempts: 0, notBefore: 0, createdAt: this.now() }));
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
   * Cancels jobs not sent yet: a pending job fails at once as cancelled; one waiting at the gate
   * is stopped right before it would be sent. Returns the ids cancelled (a job on the wire goes on).
   */
  async cancel(ids: readonly string[], error: SerializedApiError): Promise<string[]> {
    const wanted = new Set(ids);
    const cancelled: string[] = [];
    await this.stored.update((jobs) =>
      jobs.map((j) => {
        if (!wanted.has(j.id) || j.state !== 'pending' || this.onWire.has(j.id)) return j;
        cancelled.push(j.id);
        this.cancelled.add(j.id);
        return forgetPrivate({ ...j, state: 'failed', error, settledAt: this.now() });
      }),
    );
    return cancelled;
  }

  /** All stored jobs. */
  async list(): Promise<Job[]> {
    return [...(await this.stored.all())];
  }

  /** One job by id (a settled private job whole while this worker lives, for the popup that follows it). */
  async get(id: string): Promise<Job | null> {
    const stored = (await this.stored.all()).find((j) => j.id === id) ?? null;
    const whole = this.whole.get(id);
    return stored && whole ? { ...whole, notify: stored.notify, notified: stored.notified } : stored;
  }

  /** Resolves when the job settles, or with null after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<Job | null> {
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(null), timeoutMs);
      const list = this.waiters.get(id) ?? [];
      list.push((job) => {
        clearTimeout(t);
        resolve(job);
      });
      this.waiters.set(id, list);
      void this.get(id).then((j) => {
        if (j && (j.state === 'done' || j.state === 'failed')) this.settle(j);
      });
    });
  }

  /** On worker start: jobs that were on the wire have an unknown outcome and go again. */
  async resume(): Promise<void> {
    await this.stored.update((jobs) =>
      jobs
        .filter((j) => !(j.settledAt && this.now() - j.settledAt > KEEP_SETTLED_MS))
        .map((j) => (j.state === 'sending' && !this.running.has(j.id) ? { ...j, state: 'pending' } : j)),
    );
    await this.kick();
  }

  /** Starts every pending job that is due; arms a timer (and an alarm) for the others. */
  async kick(): Promise<void> {
    const jobs = await this.stored.all();
    const now = this.now();
    let next = Infinity;
    const due: Job[] = [];
    for (const job of jobs) {
      if (job.state !== 'pending' || this.running.has(job.id)) continue;
      if (job.notBefore > now) {
        next = Math.min(next, job.notBefore);
        continue;
      }
      due.push(job);
    }
    // A few at a time, the user's own first: sixty jobs started in one turn would each do their
    // work before the first request could leave; the rest start in the next turns.
    due.sort((a, b) => rank(a) - rank(b));
    for (const job of due.slice(0, START_AT_ONCE)) void this.runOne(job);
    if (due.length > START_AT_ONCE && !this.moreSoon) {
      this.moreSoon = setTimeout(() => {
        this.moreSoon = null;
        void this.kick();
      }, 0);
    }
    if (next < Infinity) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.kick(), next - now);
      this.deps.wakeAt(next);
    }
  }

  /** Asks for a notification when the job settles (its page stopped waiting). */
  async markNotify(id: string): Promise<void> {
    await this.patch(id, { notify: true });
    // Settled in between: tell the user now (unless finish() already did).
    const claimed = await this.claimNotification(id);
    const job = claimed && (await this.get(id)); // a private job whole from memory
    if (job) await this.deps.onSettled(job);
  }

  /** A page shows the job's outcome itself (the popup follows it): no notification unless one was given already. */
  async unmarkNotify(id: string): Promise<void> {
    await this.stored.update((jobs) => jobs.map((j) => (j.id === id && !j.notified ? { ...j, notify: false } : j)));
  }

  /** The settled job that wants telling, once: whoever claims it first tells the user; later callers get null. */
  private async claimNotification(id: string): Promise<Job | null> {
    let claimed: Job | null = null;
    await this.stored.update((jobs) =>
      jobs.map((j) => {
        if (j.id !== id || !j.notify || j.notified || !(j.state === 'done' || j.state === 'failed')) return j;
        claimed = { ...j, notified: true };
        return claimed;
      }),
    );
    return claimed;
  }

  /** Pending or sending jobs (not settled). */
  async unsettled(): Promise<Job[]> {
    return (await this.stored.all()).filter((j) => j.state === 'pending' || j.state === 'sending');
  }

  private async runOne(job: Job): Promise<void> {
    this.running.add(job.id);
    try {
      // Known in memory only: after a restart a job that was on the wire goes again just like a
      // pending one, so a stored 'sending' would cost a write of the whole queue per request
      // (and slow every storage call of the worker while many go). A cancelled job stops here.
      const markSending = () => {
        if (this.cancelled.has(job.id)) return Promise.reject(new CancelledError());
        this.onWire.add(job.id);
        return Promise.resolve();
      };
      const checkpoint = (p: Partial<Job>) => this.patch(job.id, p);
      const current = (await this.get(job.id)) ?? job;
      try {
        const result = await this.deps.run(current, markSending, checkpoint);
        await this.finish(job.id, { state: 'done', result, settledAt: this.now(), attempts: current.attempts + 1 });
      } catch (e) {
        if (this.cancelled.has(job.id)) return; // settled as cancelled by cancel()
        const err: ApiError = toApiError(e);
        // An attempt counts when it ends; a worker restart while the job waits costs none.
        const attempts = current.attempts + 1;
        if (isTransient(err.kind) && attempts < (this.deps.maxAttempts ?? MAX_JOB_ATTEMPTS)) {
          const wait = err.retryAfterMs ?? backoffMs(attempts);
          await this.patch(job.id, { state: 'pending', attempts, notBefore: this.now() + wait, error: err.toJSON() });
          this.deps.wakeAt(this.now() + wait);
        } else {
          await this.finish(job.id, { state: 'failed', attempts, error: err.toJSON(), settledAt: this.now() });
        }
      }
    } finally {
      this.running.delete(job.id);
      this.onWire.delete(job.id);
      void this.kick();
    }
  }

  private async finish(id: string, patch: Partial<Job>): Promise<void> {
    const before = await this.get(id);
    // A private window's address and title leave storage now: kept whole in memory first, for those told of it.
    if (before?.args.private) this.keepWhole({ ...before, ...patch });
    await this.stored.update((jobs) => jobs.map((j) => (j.id === id ? forgetPrivate({ ...j, ...patch }) : j)));
    const claimed = await this.claimNotification(id);
    const job = await this.get(id);
    if (!job) return;
    try {
      await this.deps.onFinished?.(job);
      if (claimed) await this.deps.onSettled(job);
    } finally {
      this.settle(job);
    }
  }

  private keepWhole(job: Job): void {
    this.whole.set(job.id, job);
    // A few are enough: a popup follows its own link for a moment.
    for (const id of this.whole.keys()) if (this.whole.size > 20) this.whole.delete(id);
  }

  private settle(job: Job): void {
    const list = this.waiters.get(job.id);
    this.waiters.delete(job.id);
    for (const w of list ?? []) w(job);
  }

  private patch(id: string, patch: Partial<Job>): Promise<void> {
    return this.stored.update((jobs) => jobs.map((j) => (j.id === id ? { ...j, ...patch } : j)));
  }
}

/**
 * A settled job as it may stay stored: a private window's job keeps its outcome (the short link,
 * for a popup that follows it) but not the long address nor the page's title.
 */
export function forgetPrivate(job: Job): Job {
  if (!job.args.private || !(job.state === 'done' || job.state === 'failed')) return job;
  const { title: _title, ...args } = job.args;
  const result = job.result ? (({ title: _t, ...r }) => ({ ...r, longUrl: '' }))(job.result) : undefined;
  return { ...job, args: { ...args, url: '' }, ...(result ? { result } : {}) };
}

/** Interactive jobs (a press) start before background ones (a bulk batch); `sort` keeps the order within each. */
function rank(job: Job): number {
  return job.priority === 'interactive' ? 0 : 1;
}

/** Thrown inside a cancelled job right before its request would go out. */
class CancelledError extends Error {}
