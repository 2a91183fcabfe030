/** What crosses the messaging boundary for a shorten: the request and its outcome, and the links a popup finds waiting. */
import type { SerializedApiError } from '@/lib/api';
import type { HistoryEntry, ShortenJobArgs, UnsentLink } from '@/lib/storage';
import type { PendingJob } from './jobView';
import type { WaitingLink } from './waitingLinks';

/** What a page asks to shorten: the same members as the stored job's arguments. */
export type ShortenRequest = ShortenJobArgs;

/** The outcome of a shorten: done at once, or waiting in the persisted queue. */
export type ShortenOutcome =
  /** The link is made; with `jobId` its campaign or channel may still be pending (getJob with waitMs tells). */
  | { status: 'done'; entry: HistoryEntry; jobId?: string }
  | {
      status: 'queued';
      jobId: string;
      expectedAt: number;
      /** Why it waits when it is not the rate limit: the service did not answer and it is being tried again. */
      reason?: SerializedApiError;
      /** The same link with the same choices was waiting already: this is its job, no second link is made. */
      already?: true;
      /** What it waits for: the rate budget (until about `expectedAt`), a slow answer, or a service that cannot be reached. */
      waitingFor?: WaitingFor;
    };

/** What a link that is not made yet waits for. */
export type WaitingFor = 'budget' | 'answer' | 'service';

/** Links the popup finds when it opens: its own links still being made, the links waiting (its list "Links waiting"), and links not sent because the account changed. */
export interface WaitingLinks {
  pending: PendingJob[];
  waiting: WaitingLink[];
  unsent: UnsentLink[];
}
