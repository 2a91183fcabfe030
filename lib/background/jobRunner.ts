/**
 * The running half of the job queue: which jobs start when (due, a few a turn, a batch a few
 * windows ahead), one try of a job, and what the try leads to (done, wait and try again, failed;
 * waitPolicy.ts decides). What it knows only in this worker's life lives here: the jobs running,
 * those on the wire, those cancelled at the gate, a private job whole once its link is made.
 */
import { ApiError, toApiError } from '@/lib/api';
import type { Job } from '@/lib/storage';
import type { StoredJobs } from './storedJobs';
import { withPrivateArgs } from './privateJobs';
import { DEFAULT_WAIT, nextStep, type WaitPolicy } from './waitPolicy';
import { dueJobs, LinksAhead, START_AT_ONCE, startable } from './jobStarts';
import type { JobEvents } from './jobEvents';

/** What a running job may do besides its work: mark its request as sent, store a step, tell of what happened. */
export interface JobSteps {
  /** Called right before the request goes out: it records, it does not wait; it throws for a cancelled job. */
  markSending: () => void;
  /** Stores a step of the job (its short link, a refusal) before the job goes on. */
  checkpoint: (patch: Partial<Job>) => Promise<void>;
  /** The queue's events (`made`, `refused`, `unsent` are the job's to tell). */
  events: JobEvents;
}

/** One try of a job: its result, or a throw the queue's wait policy judges. */
export type JobRun = (job: Job, steps: JobSteps) => Promise<Job['result']>;

export interface JobDeps {
  /** The work of a job (shortenJob.ts). */
  run: JobRun;
  /** Asks to be woken at `at` (alarms), for jobs that must wait past the worker's life. */
  wakeAt: (at: number) => void;
  now?: () => number;
  /** Job-level tries while rate limited; default DEFAULT_WAIT.maxRateLimitedTries (each try itself waits for the budget at the gate). */
  maxAttempts?: number;
  /** Waits after the service could not be reached; default DEFAULT_WAIT (tests make them short). */
  policy?: WaitPolicy;
}

export class JobRunner {
  readonly running = new Set<string>();
  /** Background jobs running whose link is not made yet (BACKGROUND_AHEAD). */
  private readonly ahead = new LinksAhead();
  /** Jobs whose request has left (in this worker's life): too late to cancel. */
  private readonly onWire = new Set<string>();
  /** Jobs cancelled while they waited at the gate: stopped before sending. */
  private readonly cancelled = new Set<string>();
  /** Private jobs' addresses and titles once their links are made, in this worker's memory only (storage keeps them without). */
  private readonly privateArgs = new Map<string, Job['args']>();
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private moreSoon: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly stored: StoredJobs,
    private readonly events: JobEvents,
    private readonly deps: JobDeps,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** One job by id (a private job whole while this worker lives, for the popup that follows it). */
  async get(id: string): Promise<Job | null> {
    const stored = (await this.stored.all()).find((j) => j.id === id) ?? null;
    const args = this.privateArgs.get(id);
    return stored && args ? withPrivateArgs(stored, args) : stored;
  }

  /** Whether a job's request is on the wire now (its answer is awaited). */
  isOnWire = (id: string): boolean => this.onWire.has(id);

  /** Whether a pending job may still be cancelled (its request has not left); if so it stops at the gate. */
  cancelBeforeSend(id: string): boolean {
    if (this.onWire.has(id)) return false;
    this.cancelled.add(id);
    return true;
  }

  /** Cancelled rows leave their places ahead to the next batch's rows now. */
  leaveAhead(ids: readonly string[]): void {
    if (ids.filter((id) => this.ahead.drop(id)).length > 0) void this.kick();
  }

  /** Starts every pending job that is due (`first` of them in this turn); arms a timer (and an alarm) for the others. */
  async kick(first = 1): Promise<void> {
    const now = this.now();
    const { due, next } = dueJobs(await this.stored.all(), this.running, now);
    // The best job starts alone in this turn, its request before the others' work (interleaved with
    // them, a batch's first request would wait for each of them to be set up); the rest a few a turn.
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

  private async runOne(job: Job): Promise<void> {
    this.running.add(job.id);
    this.ahead.start(job);
    try {
      // `sentAt` is stored without waiting for the write (a burst shares one write; the request is
      // not held back): a worker stopped while the answer is awaited finds it. A cancelled job stops here.
      // Once its link is made, the job's later requests (its campaign, its channel) change nothing
      // stored: a restarted worker never sends the link again, whatever it finds of them.
      let made = job.shortened !== undefined;
      const markSending = () => {
        if (this.cancelled.has(job.id)) throw new CancelledError();
        if (made) return;
        this.onWire.add(job.id);
        void this.stored.patch(job.id, { sentAt: this.now() }).catch(() => undefined);
      };
      const checkpoint = (p: Partial<Job>) => {
        if (p.shortened) made = true;
        // Its link is made: the next background job of its account may start.
        if (p.shortened && this.ahead.drop(job.id)) void this.kick();
        // Refused before it was made (429): no longer on the wire until it is sent again.
        if ('sentAt' in p && p.sentAt === undefined) this.onWire.delete(job.id);
        // A private window's address and title leave storage as the link is made: kept in memory for those told of it.
        if (p.shortened && job.args.private) this.keepPrivate(job);
        return this.stored.patch(job.id, p);
      };
      const current = (await this.get(job.id)) ?? job;
      try {
        // Sent in an earlier life of the worker, never answered: its answer was lost like a timeout's.
        if (current.sentAt !== undefined && !current.shortened)
          throw new ApiError({ kind: 'timeout', message: 'The worker stopped before the answer.' });
        const result = await this.deps.run(current, { markSending, checkpoint, events: this.events });
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
          await this.stored.patch(job.id, { ...step.patch, state: 'pending', attempts, notBefore: step.retryAt, sentAt: undefined });
          this.deps.wakeAt(step.retryAt);
          if (step.patch.waitingSince !== undefined)
            await this.events.emit('waiting', {
              job: { ...current, ...step.patch },
              error: err,
              first: current.waitingSince === undefined,
            });
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
    // A private window's address and title leave storage now: kept in memory first, for those told of it.
    if (before?.args.private) this.keepPrivate(before);
    await this.stored.patch(id, patch);
    const claimed = await this.stored.claim(id);
    const job = await this.get(id);
    if (!job) return;
    // Told first (the notification), then settled: a page waiting for it, the bulk batch's row.
    if (claimed) await this.events.emit('tell', { job });
    await this.events.emit('settled', { job });
  }

  private keepPrivate(job: Job): void {
    if (!job.args.url) return; // stored without it already (a worker restarted after its link was made)
    this.privateArgs.set(job.id, job.args); // a few are enough: a popup follows its own link for a moment
    for (const id of this.privateArgs.keys()) if (this.privateArgs.size > 20) this.privateArgs.delete(id);
  }
}

/** Thrown inside a cancelled job right before its request would go out. */
class CancelledError extends Error {}
