/**
 * The job queue's list in storage: read once per worker life, kept in memory, and every change
 * written through. Changes made while a write is under way share the next write, so storage
 * sees every change, in order, with one write per burst instead of one per change. A press's job
 * starts once its write is asked (`changeSoon`: at once when no write is under way), not done:
 * the browser carries out a write it was asked for even if this worker stops, so the request
 * need not wait for the write's answer. A private window's job loses its address and title here
 * as its link is made (privateJobs.ts).
 */
import { queueItem, writeTogether, type Job, type AnyStoredValue } from '@/lib/storage';
import { isQuotaError } from '@/lib/storage/quota';
import { makeRoom } from './history';
import { forgetPrivate } from './privateJobs';
import { unlessStorageFull } from '@/lib/api';

export class StoredJobs {
  /** The jobs in memory once read; every change replaces the list (never changed in place). */
  private jobs: Job[] | null = null;
  private loading: Promise<Job[]> | null = null;
  private flushing: Promise<void> | null = null;
  private flushAgain: Promise<void> | null = null;
  /** Values to store in the next write of the jobs (JobQueue.addMany's `alongside`). */
  private readonly alongside: AnyStoredValue[] = [];

  /** The jobs in memory (read from storage once per worker life). */
  all(): Promise<Job[]> {
    if (this.jobs) return Promise.resolve(this.jobs);
    this.loading ??= queueItem.getValue().then(
      (read) => (this.jobs ??= read),
      (err: unknown) => {
        this.loading = null; // read again next time
        throw err;
      },
    );
    return this.loading;
  }

  /**
   * Applies a change in memory and resolves once storage holds it (with `alongside`, in the same
   * call). A storage that is full does not stop the work: the change stays in memory (lost only if
   * the worker stops first); a write with `alongside` (both or neither) is refused instead.
   */
  async update(fn: (jobs: Job[]) => Job[], alongside?: AnyStoredValue[]): Promise<void> {
    await this.all();
    // Applied to the jobs as they are now (a change made meanwhile is kept).
    this.apply(fn(this.jobs!));
    // In the same turn as the jobs they go with: the next write takes both.
    if (alongside) this.alongside.push(...alongside);
    await this.flush().catch((err: unknown) => {
      if (alongside) throw err;
      unlessStorageFull(err);
    });
  }

  /**
   * Applies a change and resolves once its write is asked of the browser, not once it is done: at
   * once when no write is under way (a lone press), else with the next write, which starts when the
   * one under way has answered (a burst, one write for all of it, as `update`).
   */
  async changeSoon(fn: (jobs: Job[]) => Job[]): Promise<void> {
    if (!this.jobs) await this.all();
    if (this.flushing) return this.update(fn);
    this.apply(fn(this.jobs!));
    // Asked in this turn (the jobs are read: flush calls storage before its first await).
    this.flush().catch(() => undefined);
  }

  /** Takes back jobs (and the values going with them) whose write failed, before any of them ran. */
  async forget(ids: Set<string>, values: AnyStoredValue[]): Promise<void> {
    await this.all();
    this.apply(this.jobs!.filter((j) => !ids.has(j.id)));
    for (const v of values) {
      const at = this.alongside.indexOf(v);
      if (at >= 0) this.alongside.splice(at, 1);
    }
  }

  private apply(next: Job[]): void {
    // A private window's job is kept as it may stay stored (forgetPrivate), whatever the change.
    this.jobs = next.map(forgetPrivate);
  }

  /** One storage call with these jobs (and values), asked in this turn. */
  private store(jobs: Job[], also: AnyStoredValue[]): Promise<void> {
    return also.length ? writeTogether([{ item: queueItem, value: jobs }, ...also]) : queueItem.setValue(jobs);
  }

  private flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = (async () => {
        // The jobs read already: storage is called in this turn (changeSoon counts on it).
        if (!this.jobs) await this.all();
        // Taken in the turn of the write with the jobs in memory then: the values belong to these jobs.
        // Storage full: Recent links make room (oldest first); a job is never dropped for it.
        for (let also = this.alongside.splice(0); ;) {
          try {
            return await this.store(this.jobs!, also);
          } catch (e) {
            if (!isQuotaError(e) || !(await makeRoom())) throw e;
          }
        }
      })().finally(() => {
        this.flushing = null;
      });
      return this.flushing;
    }
    // After the write under way, whether it was stored or not: the later changes are written too.
    const again = () => {
      this.flushAgain = null;
      return this.flush();
    };
    this.flushAgain ??= this.flushing.then(again, again);
    return this.flushAgain;
  }

  /** Changes one stored job. */
  patch(id: string, patch: Partial<Job>): Promise<void> {
    return this.update((jobs) => jobs.map((j) => (j.id === id ? { ...j, ...patch } : j)));
  }

  /** The settled job that wants telling, once: whoever claims it first tells the user; later callers get null. */
  async claim(id: string): Promise<Job | null> {
    let claimed: Job | null = null;
    await this.update((jobs) =>
      jobs.map((j) => {
        if (j.id !== id || !j.notify || j.notified || !(j.state === 'done' || j.state === 'failed')) return j;
        claimed = { ...j, notified: true };
        return claimed;
      }),
    );
    return claimed;
  }
}
