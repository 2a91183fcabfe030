/**
 * Where a batch of the bulk page is kept and how a settled job writes its row: a normal window's
 * batch in storage.local (it survives the browser), a private window's in storage.session only.
 */
import type { SerializedApiError } from '@/lib/api';
import { t } from '@/lib/i18n';
import { bulkItem, type BulkBatch, type BulkItem, type HistoryEntry, type Job } from '@/lib/storage';
import { privateBulkItem } from '@/lib/storage/privateBulk';
import { coalesced } from './serialize';

/** One batch slot: its item, its writes one after another (the changes asked for together in one write). */
function batchSlot(item: typeof bulkItem, fromPrivate: boolean) {
  const writes = coalesced<BulkBatch | null>(
    () => item.getValue(),
    (b) => item.setValue(b),
  );
  return {
    item,
    /** A private window's: its jobs are marked private (never in Recent links, forgotten once made). */
    fromPrivate,
    /** A write of the batch of its own (a new batch, none), in order with the changes. */
    write: writes.alone,
    /** Applies a change to the kept batch (none kept: nothing changes). */
    update: (fn: (b: BulkBatch) => BulkBatch | null): Promise<BulkBatch | null> =>
      writes.change((current) => (current ? fn(current) : null)),
  };
}

/** A batch slot as the bulk module uses it. */
export type BatchSlot = ReturnType<typeof batchSlot>;

const slots = { normal: batchSlot(bulkItem, false), private: batchSlot(privateBulkItem, true) };

/** The slot of a page of a private window (or not): their batches never meet. */
export const slotOf = (fromPrivate: boolean): BatchSlot => (fromPrivate ? slots.private : slots.normal);

/** The outcome of a settled job as the state of its batch row. */
export function itemOf(item: BulkItem, job: Job): BulkItem {
  if (job.state === 'done' && job.result) return { ...item, state: 'made', shortUrl: job.result.shortUrl, error: undefined };
  if (job.state === 'failed') {
    const cancelled = job.error?.field === 'cancelled';
    return { ...item, state: cancelled ? 'cancelled' : 'failed', error: job.error };
  }
  return item;
}

/** A settled job of a batch writes its row (the bulk module hears the queue's `settled`). */
export async function recordBulkOutcome(job: Job): Promise<void> {
  if (!job.batchId) return;
  await slotOf(job.args.private === true).update((b) =>
    b.id !== job.batchId ? b : { ...b, items: b.items.map((it) => (it.jobId === job.id ? itemOf(it, job) : it)) },
  );
}

/** A batch's job whose short link is made: its row shows it at once (its assignments follow). */
export async function recordBulkMade(job: Job, entry: HistoryEntry): Promise<void> {
  await slotOf(job.args.private === true).update((b) =>
    b.id !== job.batchId
      ? b
      : {
          ...b,
          items: b.items.map((it) =>
            it.jobId === job.id ? { ...it, state: 'made' as const, shortUrl: entry.shortUrl, error: undefined } : it,
          ),
        },
  );
}

/** The error of a job cancelled before it was sent (a row "cancelled", with Retry). */
export function cancelledError(): SerializedApiError {
  return { kind: 'invalid-input', field: 'cancelled', message: t('bulkCancelledReason') };
}

/** A stored row still to queue: failed, cancelled, or waiting without a job. */
export function toQueue(item: BulkItem | undefined): boolean {
  if (!item) return false;
  return item.state === 'waiting' ? !item.jobId : item.state === 'failed' || item.state === 'cancelled';
}
