/** The bulk page's batch: its rows and what became of each. */
import type { SerializedApiError } from '@/lib/api';
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { storageNotices } from './notices';
import { storedItem } from './storedItem';

/** One address of a bulk batch and what became of it. */
export interface BulkItem {
  url: string;
  /** The page's title when the address came from a tab (Markdown results). */
  title?: string;
  /** waiting: its job is queued or sending; made; reused: a Recent link; failed; cancelled before it was sent. */
  state: 'waiting' | 'made' | 'reused' | 'failed' | 'cancelled';
  /** The job making it (the latest one, after a retry). */
  jobId: string | null;
  /** The choices it is made with and the site rule that matched it, with what it chose (absent: the batch's, no rule). */
  choices?: { domainId: number | null; campaignId: number | null; channelId: number | null };
  rule?: { site: string; chose: ('domain' | 'campaign' | 'channel' | 'preset')[] };
  shortUrl?: string;
  error?: SerializedApiError;
}
/** The batch of the bulk page, stored so that closing the page or a stopped worker loses nothing. */
export interface BulkBatch {
  id: string;
  createdAt: number;
  /** Account and service the batch was made for (its jobs run only there). */
  fingerprint: string;
  service: string;
  domainId: number | null;
  campaignId: number | null;
  channelId: number | null;
  items: BulkItem[];
}
export const bulkItem = checkedItem(storedItem<BulkBatch | null>(`local:${KEYS.bulk}`, null), repair.repairBulk, storageNotices, 'bulk');
