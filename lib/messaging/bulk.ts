/** What crosses the messaging boundary for the bulk page: a batch asked for, and where the stored batch stands. */
import type { BulkItem } from '@/lib/storage';

/** A row of a batch as the bulk page shows it: the job making it stays in the worker. */
export type BulkRowView = Omit<BulkItem, 'jobId'>;

/** A batch as the bulk page shows it: its choices and rows; the account it runs for stays in the worker (bulkView.ts). */
export interface BulkBatchView {
  id: string;
  createdAt: number;
  domainId: number | null;
  campaignId: number | null;
  channelId: number | null;
  items: BulkRowView[];
}

/** A batch for the bulk page: the addresses (cleaned, each once), the choices. */
export interface BulkRequest {
  addresses: { url: string; title?: string }[];
  domainId: number | null;
  campaignId: number | null;
  channelId: number | null;
  /** "Make new links even if one exists": no reuse of Recent links. */
  makeNew: boolean;
}

/** Which batch a bulk page acts on: that of a private window (kept in memory only) or the stored one. */
export interface BulkScope {
  /** The page was opened for a private window. */
  private?: boolean;
}

/** The batch and, for each waiting row, when it is expected to be sent (epoch ms; null: now or unknown). */
export interface BulkView {
  batch: BulkBatchView;
  expectedAt: (number | null)[];
  /** For each row, whether it waits for a service that cannot be reached now (made when it answers). */
  waitingForService?: boolean[];
  /** For each row waiting for the service, whether the service answered with an error (rather than not at all). */
  serviceFailing?: boolean[];
  /** The worker's clock when it answered. */
  now: number;
}
