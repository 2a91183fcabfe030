import type { Job } from '@/lib/storage';

/** Who waits for which job to settle (a page waiting for its link), each for at most a while. */
export class SettleWaiters {
  private readonly waiters = new Map<string, ((job: Job) => void)[]>();

  /** Resolves with the job when `settle` is called for it, or with null after `timeoutMs`. */
  wait(id: string, timeoutMs: number): Promise<Job | null> {
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(null), timeoutMs);
      const list = this.waiters.get(id) ?? [];
      list.push((job) => {
        clearTimeout(t);
        resolve(job);
      });
      this.waiters.set(id, list);
    });
  }

  /** Tells everyone waiting for this job, once. */
  settle(job: Job): void {
    const list = this.waiters.get(job.id);
    this.waiters.delete(job.id);
    for (const w of list ?? []) w(job);
  }
}
