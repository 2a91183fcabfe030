/**
 * Links made outside this popup's submit: the links still being made ("Links waiting", each with
 * its account) and the links not sent because the API key changed. Their actions (the port to
 * the worker, following a link that waits, cancelling one, making the unsent ones) are
 * waitingActions.ts with waitingTasks.ts and reestimate.ts, loaded right after the first paint.
 */
import type { UnsentLink } from '@/lib/storage';
import type { WaitingLink } from '@/lib/messaging/waitingLinks';
import type { Later } from '@/lib/ui/store';

/** The waiting links' actions (waitingActions.ts). */
export interface WaitingLater {
  /** Tells the worker that this popup shows (and copies) the job; closing the popup hands it back. */
  claim(jobId: string): Promise<void>;
  /** Tells the worker that this popup showed the job's link (its assignments still going): it is not told again. */
  markShown(jobId: string): Promise<void>;
  /** Tells the worker that this popup no longer follows its job (a newer press replaced it): the worker tells of it. */
  release(): Promise<void>;
  /** Finds the links still being made for this account (follows the newest) and the unsent ones. */
  loadWaiting(): Promise<void>;
  /** Forgets the unsent links. */
  dismissUnsent(): Promise<void>;
  /** Shows a link being made as waiting and follows it until it is made; `fingerprint`: its account (default: the current one). */
  followJob(jobId: string, status: string, expectedAt: number, fingerprint?: string): Promise<void>;
  /** Makes the unsent links with the current account, with the Domain and Campaign chosen. */
  remakeUnsent(): Promise<void>;
  /** Cancels a link that waits (not sent yet; default the followed one): it is not made. */
  cancelQueued(jobId?: string): Promise<void>;
}

/** The waiting links' part of the popup's state. */
export interface WaitingState {
  /** The links waiting to be made (any account's; the popup lists the current one's), set after the first paint as the worker tells of them. */
  waitingLinks?: WaitingLink[];
  /** Links not sent because the API key changed: named, to be made with the current account. */
  unsent: UnsentLink[];
  /** The actions, each waiting for its code on its first call. */
  waitingActions: Later<WaitingLater>;
}
