/** Every stored item of the extension, typed, in one place. All of it lives in `storage.local`: the API key
 * must never reach the browser's synced storage (it would be copied to every device the user syncs). */
import { storage, type WxtStorageItem } from '#imports';
import type { Account, ListName, SerializedApiError } from '@/lib/api';
import type { CopyFormat } from '@/lib/links/copyFormat';
import type { ManagedPolicy } from './policy';
import type { QrStyle } from '@/lib/qr/style';
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { DEFAULT_HISTORY_LIMIT, type HistoryLimit } from './names';
import { storageNotices } from './notices';
import { storedItem } from './storedItem';

// Every item is read through its repair: a wrong value keeps what can be kept (docs/ARCHITECTURE.md, "Stored state").
export { storageNotices } from './notices';

/** Where the service is and the key to it. Only the worker reads `apiKey`. */
export interface Connection {
  serviceUrl: string; // normalised origin + path, no trailing slash
  apiKey: string;
  /** Header form that worked for the shortening group (docs/ARCHITECTURE.md, "Header forms"). */
  shortenAuth?: 'bearer' | 'x-api-key';
  /** The user's name for it ("Connection name"); none: its service's host is shown. */
  name?: string;
}
const connectionStored = storedItem<Connection | null>(`local:${KEYS.connection}`, null);
export const connectionItem = checkedItem(connectionStored, repair.repairConnection, storageNotices, 'connection');

/**
 * What pages may read of the connection (never the key), written by the worker: whether a key is saved, the fingerprint
 * of its account (which keys the cache), whether the policy's presets, rules and QR style (`org`) are for its service;
 * the popup reads it with the cache in one storage read before its first render. */
export interface ConnectionState {
  connected: boolean;
  fingerprint: string | null;
  /** Every saved connection with a key, the current one included (the Account select shows when there are two or more). */
  accounts?: AccountName[];
  orgConventions?: boolean;
}
/** A saved connection as a page may name it: never the key. */
export interface AccountName {
  fingerprint: string;
  name: string;
}
const connectionStateStored = storedItem<ConnectionState | null>(`local:${KEYS.connectionState}`, null);
export const connectionStateItem = checkedItem(connectionStateStored, repair.repairConnectionState, null, null);

/** The user's preferences (options page). */
export interface Settings {
  /** Default domain/campaign for the context menu and shortcut; null = the service's default / none. */
  defaultDomainId: number | null;
  defaultCampaignId: number | null;
  autoCopy: boolean;
  keepHistory: boolean;
  /** Keep links made from a private window in Recent links too (off: they leave no trace once made). */
  keepPrivateHistory: boolean;
  /** The popup remembers the last choices. */
  lastDomainId: number | null;
  lastCampaignId: number | null;
  /** Default channel for the menu, the shortcut and the address bar; null = none. */
  defaultChannelId: number | null;
  lastChannelId: number | null;
  /** Remove tracking parameters (utm_*, fbclid…) before shortening. */
  cleanLinks: boolean;
  /** What automatic copying, the menu, the shortcut and the address bar copy. */
  copyFormat: CopyFormat;
  /** Which context menu items are shown. */
  menuShortenLink: boolean;
  menuShortenPage: boolean;
  menuQrPage: boolean;
  /** How many Recent links are kept ("Keep recent links"); the oldest go first. */
  historyLimit: HistoryLimit;
}
export const DEFAULT_SETTINGS: Settings = {
  defaultDomainId: null,
  defaultCampaignId: null,
  autoCopy: true,
  keepHistory: true,
  keepPrivateHistory: false,
  lastDomainId: null,
  lastCampaignId: null,
  defaultChannelId: null,
  lastChannelId: null,
  cleanLinks: true,
  copyFormat: 'link',
  menuShortenLink: true,
  menuShortenPage: true,
  menuQrPage: true,
  historyLimit: DEFAULT_HISTORY_LIMIT,
};
/** The members that hold an id of the account (domain, campaign, channel): another account starts without them. */
export const ACCOUNT_SETTINGS = [
  'defaultDomainId',
  'defaultCampaignId',
  'defaultChannelId',
  'lastDomainId',
  'lastCampaignId',
  'lastChannelId',
] as const;
const settingsStored = storage.defineItem<Settings>(`local:${KEYS.settings}`, {
  fallback: DEFAULT_SETTINGS,
  version: 2,
  // v2 added channels, clean links, copy format and the menu switches (and every read fills what is missing: repairSettings).
  migrations: { 2: (old: unknown) => (old && typeof old === 'object' && !Array.isArray(old) ? { ...DEFAULT_SETTINGS, ...old } : old) },
});
export const settingsItem = checkedItem(settingsStored, repair.repairSettings(DEFAULT_SETTINGS), storageNotices, 'settings');

export type { CampaignOutcome, ChannelOutcome, HistoryEntry } from '@/lib/links/historyEntry';
import type { HistoryEntry } from '@/lib/links/historyEntry';
import { KEYS } from './keys';

// Recent links in two parts, newest first, reads shared (several messages read them at once): the
// newest (all of them in an install from before `historyOlder`), then the older ones, which a new
// link does not rewrite (lib/background/history.ts moves them there a hundred at a time).
const historyStored = storedItem<HistoryEntry[]>(`local:${KEYS.history}`, []);
export const historyItem = checkedItem(historyStored, repair.repairHistory, storageNotices, 'history', true);
const historyOlderStored = storedItem<HistoryEntry[]>(`local:${KEYS.historyOlder}`, []);
export const historyOlderItem = checkedItem(historyOlderStored, repair.repairHistory, storageNotices, 'history', true);

/** One cached value with the time it was fetched. */
export interface CacheEntry<T> {
  value: T;
  fetchedAt: number;
}
/** The cache of one account: keyed by a fingerprint of service URL + key, so accounts never mix. */
export interface CacheState {
  fingerprint: string;
  account?: CacheEntry<Account>;
  lists: Partial<Record<ListName, CacheEntry<unknown[]>>>;
}
const cacheStored = storedItem<CacheState | null>(`local:${KEYS.cache}`, null);
export const cacheItem = checkedItem(cacheStored, repair.repairCache<CacheState>, null, null);

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

/** A value of one stored item, to be written with others in one call (writeTogether). */
export interface StoredValue<T = unknown> {
  item: WxtStorageItem<T, Record<string, unknown>>;
  value: T;
}

/** A stored value of any item (the items written together differ in type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each value matches its own item; the list mixes types
export type AnyStoredValue = StoredValue<any>;

/** Writes several items in one storage call: storage holds all of them or none (the queue and the bulk batch naming its jobs). */
export function writeTogether(values: AnyStoredValue[]): Promise<void> {
  return storage.setItems(values);
}

/** A link that was not made because the connection changed to another account first. */
export interface UnsentLink {
  /** The id of the job that was not sent. */
  id: string;
  args: ShortenJobArgs;
  createdAt: number;
  /** The notification about it was shown (one notification for the links of one change). */
  announced: boolean;
}
const unsentStored = storedItem<UnsentLink[]>(`local:${KEYS.unsent}`, []);
export const unsentItem = checkedItem(unsentStored, repair.repairUnsent, storageNotices, 'unsent');

/** The state of one rate budget, persisted so a restarted worker does not overspend. */
export interface BudgetState {
  limit: number;
  remaining: number;
  /** Epoch ms when the current window ends. */
  resetAt: number;
  windowMs: number;
  /** True once the server has told us its figures (headers). */
  learned: boolean;
  /** The latest window end the server itself announced (0: none yet). */
  serverResetAt?: number;
  /** True once two window ends the server announced taught `windowMs`. */
  windowLearned?: boolean;
  /** Until then, the window's length as the answer to its first request showed it (for estimates only). */
  windowGuessMs?: number;
  /** True when another client was seen spending the same budget (a window starts with one request then). */
  shared?: boolean;
  /** True once the server has answered a request of the current window. */
  heard?: boolean;
}
/** The budgets of each account, by fingerprint (as the cache): each connection spends its own. */
export type BudgetsByAccount = Record<string, Record<string, BudgetState>>;
export const budgetsItem = checkedItem(storedItem<BudgetsByAccount>(`local:${KEYS.budgets}`, {}), repair.repairBudgets, null, null);

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

/**
 * The organisation's policy as the worker last read and checked it from storage.managed
 * (lib/storage/policy.ts), and the defaults it has put into the preferences already (an unlocked
 * default is applied once per value, so the user's own later choice stays).
 */
export interface PolicyState {
  policy: ManagedPolicy;
  applied: Record<string, unknown>;
}
export const policyItem = checkedItem(storedItem<PolicyState | null>(`local:${KEYS.policy}`, null), repair.repairPolicy, null, null);
/** The QR style of each account (keyed by its fingerprint: service URL + key), a logo included (docs/ARCHITECTURE.md, "QR styles"). */
const qrStylesStored = storedItem<Record<string, QrStyle>>(`local:${KEYS.qrStyles}`, {});
export const qrStylesItem = checkedItem(qrStylesStored, repair.repairQrStyles<QrStyle>, storageNotices, 'qrStyles');
export { trackedQrsItem, type TrackedQr } from './trackedQrs';
