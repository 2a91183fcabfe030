/**
 * The persisted queue of work the user asked for (shortens). Every job is stored before it
 * runs and after every step, so that when the browser stops the worker, queued work resumes
 * on the next start and completes once. A job whose shorten was on the wire when the worker
 * died (`sentAt`) has an unknown outcome: it is not sent again blindly (waitPolicy.ts); a job whose
 * short link is known only redoes the campaign step. After a failed try, waitPolicy.ts decides:
 * wait for the service (up to a day), wait for the budget, or end.
 */
import { ApiError, toApiError, type SerializedApiError } from '@/lib/api';
import type { Job, AnyStoredValue } from '@/lib/storage';
import { StoredJobs } from './storedJobs';
import { forgetPrivate } from './privateJobs';
import { SettleWaiters } from './settleWaiters';
import { DEFAULT_WAIT, nextStep, type WaitPolicy } from './waitPolicy';
import { dueJobs, LinksAhead, START_AT_ONCE, startable } from './jobStarts';

/** Settled jobs are kept this long so that a popup can still read their outcome. */
export const KEEP_SETTLED_MS = 15 * 60_000;
/** A page's messages try the jobs waiting for the service at most this often. */
export const RETRY_ON_ASK_MS = 10_000;

export interface JobDeps {
  /** Runs one job; `markSending` is called right before the request goes out (it records, it does not wait; it throws for a cancelled job). */
  run: (job: Job, markSending: () => void, checkpoint: (patch: Partial<Job>) => Promise<void>) => Promise<Job['result']>;
  /** Told when a job is done or failed for good (jobs that want a notification). */
  onSettled: (job: Job) => Promise<void>;
  /** Told of every job that settles (the bulk batch records its outcome). */
  onFinished?: (job: Job) => Promise<void>;
  /** Asks to be woken at `at` (alarms), for jobs that must wait past the worker's life. */
  wakeAt: (at: number) => void;
  now?: () => number;
  /** Job-level tries while rate limited; default DEFAULT_WAIT.maxRateLimitedTries (each try itself waits for the budget at the gate). */
  maxAttempts?: number;
  /** Waits after the service could not be reached; default DEFAULT_WAIT (tests make them short). */
  policy?: WaitPolicy;
  /** Told when a try failed and the job waits for the service (`first`: it just started waiting). */
  onWaiting?: (job: Job, err: ApiError, first: boolean) => void;
}

export class JobQueue {
  /** The stored jobs, read once; every change is written through (coalesced). */
  private readonly stored = new StoredJobs();
  private readonly running = new Set<string>();
  /** Background jobs running whose link is not made yet (BACKGROUND_AHEAD). */
  private readonly ahead = new LinksAhead();
  /** Jobs whose request has left (in this worker's life): too late to cancel. */
  private readonly onWire = new Set<string>();
  /** Jobs cancelled while they waited at the gate: stopped before sending. */
  private readonly cancelled = new Set<string>();
  private readonly waiters = new SettleWaiters();
  /** Settled private jobs as they were made, in this worker's memory only (storage keeps them without address or title). */
  private readonly whole = new Map<string, Job>();
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private moreSoon: ReturnType<typeof setTimeout> | null = null;
  private lastRetryWaiting = -Infinity;

  constructor(private readonly deps: JobDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Stores a new job and starts it. */
  async add(fields: Omit<Job, 'id' | 'state' | 'attempts' | 'notBefore' | 'createdAt'>): Promise<Job> {
    const job: Job = { ...fields, id: crypto.randomUUID(), state: 'pending', attempts: 0, notBefore: 0, createdAt: this.now() };
    // A full storage never stops a link: the job runs from memory (storedJobs.ts).
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
        if (!wanted.has(j.id) || j.state !== 'pending' || this.onWire.has(j.id) || j.shortened) return j;
        cancelled.push(j.id);
        this.cancelled.add(j.id);
        return forgetPrivate({ ...j, state: 'failed', error, settledAt: this.now() });
      }),
    );
    // A cancelled row waiting at the gate leaves its place ahead to the next batch's rows now.
    if (cancelled.filter((id) => this.ahead.drop(id)).length > 0) void this.kick();
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
    const settled = this.waiters.wait(id, timeoutMs);
    void this.get(id).then((j) => j && (j.state === 'done' || j.state === 'failed') && this.waiters.settle(j));
    return settled;
  }

  /**
   * On worker start: jobs that were on the wire have an unknown outcome and go again, and a job
   * that settled while a worker stopped before telling of it is told now (once).
   */
  async resume(): Promise<void> {
    await this.stored.update((jobs) =>
      jobs
        .filter((j) => !(j.settledAt && this.now() - j.settledAt > KEEP_SETTLED_MS))
        .map((j) => (j.state === 'sending' && !this.running.has(j.id) ? { ...j, state: 'pending' } : j)),
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
      jobs.map((j) => (j.state === 'pending' && j.waitingSince !== undefined && !this.running.has(j.id) ? { ...j, notBefore: 0 } : j)),
    );
    await this.kick();
  }

  /** Whether a job's request is on the wire now (its answer is awaited). */
  isOnWire = (id: string): boolean => this.onWire.has(id);

  /** Starts every pending job that is due (`first` of them in this turn); arms a timer (and an alarm) for the others. */
  async kick(first = 1): Promise<void> {
    const now = this.now();
    const { due, next } = dueJobs(await this.stored.all(), this.running, now);
    // The best job starts alone in this turn, its request before the others' work (a batch's first
    // request waited 3–5 ms for eleven jobs interleaved with it); the rest a few a turn.
    const starting = startable(due, this.ahead.accounts());
    for (const job of starting.slice(0, first)) void this.runOne(job);
    if (starting.length > first && !this.moreSoon) {
      this.moreSoon = setTimeout(() => {
        this.moreSoon = null;
        void this.kick(START_AT_ONCE);
      }, 0);
    }
    if (next < Infinity) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.kick(), next - now);
      this.deps.wakeAt(next);
    }
  }

  /** Asks for a notification when the job settles (its page stopped waiting); from now on it is a link waiting (`toldWaiting`). */
  async markNotify(id: string): Promise<void> {
    await this.patch(id, { notify: true, toldWaiting: true });
    await this.tellSettled(id); // settled in between: told now (unless finish() already did)
  }

  /** Tells of a settled job that wants telling, once (a private job whole from memory). */
  private async tellSettled(id: string): Promise<void> {
    const job = (await this.claimNotification(id)) && (await this.get(id));
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
    this.ahead.start(job);
    try {
      // `sentAt` is stored without waiting for the write (a burst shares one write; the request is
      // not held back): a worker stopped while the answer is awaited finds it. A cancelled job stops here.
      const markSending = () => {
        if (this.cancelled.has(job.id)) throw new CancelledError();
        this.onWire.add(job.id);
        void this.patch(job.id, { sentAt: this.now() }).catch(() => undefined);
      };
      const checkpoint = (p: Partial<Job>) => {
        // Its link is made: the next background job of its account may start.
        if (p.shortened && this.ahead.drop(job.id)) void this.kick();
        // Refused before it was made (429): no longer on the wire until it is sent again.
        if ('sentAt' in p && p.sentAt === undefined) this.onWire.delete(job.id);
        return this.patch(job.id, p);
      };
      const current = (await this.get(job.id)) ?? job;
      try {
        // Sent in an earlier life of the worker, never answered: its answer was lost like a timeout's.
        if (current.sentAt !== undefined && !current.shortened)
          throw new ApiError({ kind: 'timeout', message: 'The worker stopped before the answer.' });
        const result = await this.deps.run(current, markSending, checkpoint);
        await this.finish(job.id, { state: 'done', result, settledAt: this.now(), attempts: current.attempts + 1 });
      } catch (e) {
        if (this.cancelled.has(job.id)) return; // settled as cancelled by cancel()
        const err: ApiError = toApiError(e);
        // An attempt counts when it ends; a worker restart while the job waits costs none.
        const attempts = current.attempts + 1;
        const policy = {
          ...(this.deps.policy ?? DEFAULT_WAIT),
          ...(this.deps.maxAttempts ? { maxRateLimitedTries: this.deps.maxAttempts } : {}),
        };
        const step = nextStep(current, err, attempts, this.now(), policy);
        if ('retryAt' in step) {
          await this.patch(job.id, { ...step.patch, state: 'pending', attempts, notBefore: step.retryAt, sentAt: undefined });
          this.deps.wakeAt(step.retryAt);
          if (step.patch.waitingSince !== undefined)
            this.deps.onWaiting?.({ ...current, ...step.patch }, err, current.waitingSince === undefined);
        } else {
          await this.finish(job.id, { state: 'failed', attempts, error: step.error, settledAt: this.now() });
        }
      }
    } finally {
      this.running.delete(job.id);
      this.ahead.drop(job.id);
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
      this.waiters.settle(job);
    }
  }

  private keepWhole(job: Job): void {
    this.whole.set(job.id, job); // a few are enough: a popup follows its own link for a moment
    for (const id of this.whole.keys()) if (this.whole.size > 20) this.whole.delete(id);
  }

  patch(id: string, patch: Partial<Job>): Promise<void> {
    return this.stored.update((jobs) => jobs.map((j) => (j.id === id ? { ...j, ...patch } : j)));
  }
}

/** Thrown inside a cancelled job right before its request would go out. */ class CancelledError extends Error {}
