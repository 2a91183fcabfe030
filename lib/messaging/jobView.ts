/**
 * A job as a page sees it: only what the popup reads to follow a link it pressed, not what the
 * worker stores to run it (attempts, when its request left, what was told or filed, its choices).
 */
import type { SerializedApiError } from '@/lib/api';
import type { HistoryEntry } from '@/lib/links/historyEntry';

/** A link being made, as the popup follows it (getJob, cancelJob, remakeUnsent). */
export interface JobView {
  /** The job's id (getJob, cancelJob). */
  id: string;
  state: 'pending' | 'sending' | 'done' | 'failed';
  /** The long address (empty for a private window's link once it is made: it is not kept). */
  url: string;
  /** Not tried before this time (0: as soon as the budget allows). */
  notBefore: number;
  /** The link as known so far: set when it is made (assignments pending), final when done. */
  result?: HistoryEntry;
  error?: SerializedApiError;
  /** Since when it waits for a service that could not be reached (or failed). */
  waitingSince?: number;
  /** The worker told of the link itself (notification, clipboard): the popup does not copy it again. */
  toldByWorker?: true;
}

/** A popup's link still being made, as a popup that opens finds it: with its account, which the popup names when it is not the current one. */
export interface PendingJob extends JobView {
  fingerprint: string;
}
