/** The persisted job queue: each link to make, stored before it runs and after every step. */
import type { SerializedApiError } from '@/lib/api';
import type { HistoryEntry } from '@/lib/links/historyEntry';
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { storageNotices } from './notices';
import { storedItem } from './storedItem';

/** A durable job: a request the user asked for that must complete even if the worker stops. */
export interface Job {
  id: string;
  kind: 'shorten';
  source: 'popup' | 'context-link' | 'context-page' | 'command' | 'omnibox' | 'bulk';
  /** The bulk batch the job belongs to (bulk page). */
  batchId?: string;
  args: ShortenJobArgs;
  priority: 'interactive' | 'background';
  state: 'pending' | 'sending' | 'done' | 'failed';
  attempts: number;
  /** Not to be tried before this time (backoff, budget). */
  notBefore: number;
  createdAt: number;
  /** Fingerprint of the account it was made for; a job never runs against another account. */
  fingerprint: string;
  /** The short link, once made: a restarted job then only does the campaign step. */
  shortened?: { shortUrl: string; shortCode: string; linkId: number | null };
  /** Tell the user when it settles (notification + clipboard): no page is waiting for it. */
  notify: boolean;
  /** The user was told the link waits (or no page waits for it): a popup lists it under "Links waiting" until it is made or ends. */
  toldWaiting?: boolean;
  /** The settled job was handed to onSettled (once). */
  notified?: boolean;
  /** Service URL the job was made for (its history entry is filed under it). */
  service?: string;
  result?: HistoryEntry; // the link as known so far: set when it is made (assignments pending), final when done
  told?: boolean; // its link was shown or told already: when it settles, only a failed assignment is told
  filed?: boolean; // its link is in Recent links (or not kept there): a job restarted before that files it again
  error?: SerializedApiError;
  settledAt?: number;
  /** Since when the job waits for a service that could not be reached (or failed): it ends a day later. */
  waitingSince?: number;
  /** A try's answer was lost (timeout): the link may exist; only a repeat with the same alias is safe. */
  lostAnswer?: boolean;
  /** When its request last left and no answer has come yet: a restarted worker does not send it again blindly. */
  sentAt?: number;
}
/** A link to make: the address, the choices and the page's title (kept in Recent links for the copy formats). */
export interface ShortenJobArgs {
  url: string;
  domainId: number | null;
  campaignId: number | null;
  customCode?: string;
  /** The channel the new link is assigned to (after it is made; a failure never fails the link). */
  channelId?: number | null;
  title?: string;
  /** Made from a private window: kept out of Recent links, its address and title dropped once it settles. */
  private?: boolean;
}
export const queueItem = checkedItem(storedItem<Job[]>(`local:${KEYS.queue}`, []), repair.repairQueue, storageNotices, 'queue');
