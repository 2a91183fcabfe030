/**
 * The job queue's list in storage: read once per worker life, kept in memory, and every change
 * written through. Changes made while a write is under way share the next write, so storage
 * sees every change, in order, with one write per burst instead of one per change. A private
 * window's job loses its address and title here as its link is made (privateJobs.ts).
 */
import { queueItem, writeTogether, type Job, type AnyStoredValue } from '@/lib/storage';
import { isQuotaError } from '@/lib/storage/quota';
import { makeRoom } from './history';
import { serializer } from './serialize';
import { forgetPrivate } from './privateJobs';
import { unlessStorageFull } from '@/lib/api';

export class StoredJobs {
  private readonly write = serializer();
  private memory: Promise<Job[]> | null = null;
  private flushing: Promise<void> | null = null;
  private flushAgain: Promise<void> | null = null;
  /** Values to store in the next write of the jobs (JobQueue.addMany's `alongside`). */
  private readonly alongside: AnyStoredValue[] = [];

  /** The jobs in memory (read from storage once per worker life). */
  all(): Promise<Job[]> {
    this.memory ??= queueItem.getValue();
    return this.memory;
  }

  /**
   * Applies a change in memory and resolves once storage holds it (with `alongside`, in the same
   * call). A storage that is full does not stop the work: the change stays in memory (lost only if
   * the worker stops first); a write with `alongside` (both or neither) is refused instead.
   */
  async update(fn: (jobs: Job[]) => Job[], alongside?: AnyStoredValue[]): Promise<void> {
    await this.write(async () => {
      // A private window's job is kept as it may stay stored (forgetPrivate), whatever the change.
      this.memory = Promise.resolve(fn(await this.all()).map(forgetPrivate));
      // In the same turn as the jobs they go with: the next write takes both.
      if (alongside) this.alongside.push(...alongside);
    });
    await this.flush().catch((err: unknown) => {
      if (alongside) throw err;
      unlessStorageFull(err);
    });
  }

  /** Takes back jobs (and the values going with them) whose write failed, before any of them ran. */
  async forget(ids: Set<string>, values: AnyStoredValue[]): Promise<void> {
    await this.write(async () => {
      this.memory = Promise.resolve((await this.all()).filter((j) => !ids.has(j.id)));
      for (const v of values) {
        const at = this.alongside.indexOf(v);
        if (at >= 0) this.alongside.splice(at, 1);
      }
    });
  }

  private flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = (async () => {
        // Taken in one turn with the jobs in memory now: the values belong to these jobs.
        const also = this.alongside.splice(0);
        const jobs = this.all();
        const store = async () =>
          also.length ? writeTogether([{ item: queueItem, value: await jobs }, ...also]) : queueItem.setValue(await jobs);
        // Storage full: Recent links make room (oldest first); a job is never dropped for it.
        for (;;) {
          try {
            return await store();
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
