/** The bulk page's view of a stored batch: what it shows, never the account or the rows' jobs. */
import type { BulkBatch } from '@/lib/storage';
import type { BulkBatchView } from '@/lib/messaging';

/** A stored batch as the page may see it (the worker alone needs its account and its rows' job ids). */
export function bulkBatchView(batch: BulkBatch): BulkBatchView {
  const { id, createdAt, domainId, campaignId, channelId } = batch;
  return { id, createdAt, domainId, campaignId, channelId, items: batch.items.map(({ jobId: _job, ...row }) => row) };
}
