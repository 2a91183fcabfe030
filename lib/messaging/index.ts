/**
 * The one contract between the extension's pages and the worker.
 * Pages never call fetch and never see the API key after it is saved; they send these
 * messages. Every answer is a Result: errors cross as plain data (kind + message).
 * The worker refuses messages that do not come from the extension's own pages.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { Account, ChannelItem, FetchedImage, ListName, QrDetail, SerializedApiError } from '@/lib/api';
import type { HistoryEntry, Settings, TrackedQr, UnsentLink } from '@/lib/storage';
import type { QrStyle } from '@/lib/qr/style';
import type { ToldItem } from '@/lib/storage/names';
import type { SyncStatus } from '@/lib/storage/syncArea';
import type { AccountLinkRules, SiteRule, UtmPreset } from '@/lib/links/linkRules';
export * from './lists';
export * from './connectionInfo';
export * from './shorten';
export * from './bulk';
export * from './listArriving';
export type * from './jobView';
import type { Cached, ListItems, MutationAnswer, MutationName, MutationOf } from './lists';
import type { ConnectionInfo, ConnectionSummary, ShownAccount } from './connectionInfo';
import type { ShortenOutcome, ShortenRequest, WaitingLinks } from './shorten';
import type { BulkRequest, BulkScope, BulkView } from './bulk';
import type { JobView } from './jobView';

/** Every answer of the worker: the value, or the error as data. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedApiError };

export interface ProtocolMap {
  /** Connection state without the key. */
  getConnection(): Result<ConnectionInfo>;
  /** Saves service URL and key (key omitted = keep the saved one), then verifies with GET /api/account. */
  saveConnection(data: { serviceUrl: string; apiKey?: string; name?: string }): Result<{ connection: ConnectionInfo; account: Account }>;
  /** Forgets the key (and the cache of that account). */
  forgetKey(): Result<ConnectionInfo>;
  /** Every saved connection (the current one first), key-free. */
  listConnections(): Result<ConnectionSummary[]>;
  /** Verifies (GET /api/account) and adds a connection, which becomes the current one; the previous one stays saved. */
  addConnection(data: { name: string; serviceUrl: string; apiKey: string }): Result<{ connections: ConnectionSummary[]; account: Account }>;
  /** Makes a saved connection the current one (its own cache, choices and Recent links; no request when its cache is fresh). */
  switchConnection(data: { fingerprint: string }): Result<ConnectionInfo>;
  /** Names a saved connection (an empty name: its service's host is shown). */
  renameConnection(data: { fingerprint: string; name: string }): Result<ConnectionSummary[]>;
  /** Forgets a saved connection: its key, cache and choices; links still waiting for it end, told in one notification. */
  forgetConnection(data: { fingerprint: string }): Result<{ connections: ConnectionSummary[]; ended: number }>;

  /** The account, from the cache first. */
  getAccount(data: { refresh?: boolean }): Result<Cached<Account>>;
  /** Every item of a list (all pages), from the cache first. */
  getList<N extends ListName>(data: { name: N; refresh?: boolean }): Result<Cached<ListItems[N][]>>;
  /** Every item of one channel (all pages). */
  getChannelItems(data: { channelId: number }): Result<ChannelItem[]>;
  /** One QR code with its statistics. */
  getQr(data: { id: number }): Result<QrDetail>;
  /** Runs a change through the gate and refreshes the list it touched; answers the service's answer to it. */
  mutate<K extends MutationName>(data: MutationOf<K> & ShownAccount): Result<MutationAnswer<K>>;
  /** When a change would leave now (the main rate budget): the page says a change waits, and until when. */
  changeSendAt(): Result<number | null>;

  /** Shortens (interactive priority); queued when the budget is spent. */
  shorten(data: ShortenRequest): Result<ShortenOutcome>;
  /** A queued job as the popup follows it (a JobView, never the stored job); with `waitMs`, answered when it settles or after that long. */
  getJob(data: { jobId: string; waitMs?: number }): Result<JobView | null>;
  /** Cancels a link that waits and was not sent yet; the job as it is then (a JobView). */
  cancelJob(data: { jobId: string }): Result<JobView | null>;
  /** The popup's links still being made, the links waiting, and the links not sent because the account changed; `private`: the popup's window is private (a private window's links are handed only then). */
  getWaitingLinks(data?: { private?: boolean }): Result<WaitingLinks>;
  /** Makes unsent links with the current account (with the given domain and campaign); the jobs as the popup follows them, oldest first. */
  remakeUnsent(data: { ids: string[]; domainId: number | null; campaignId: number | null }): Result<JobView[]>;
  /** Forgets unsent links without making them. */
  dismissUnsent(data: { ids: string[] }): Result<UnsentLink[]>;
  /** Recent links of the current service, newest first. */
  getHistory(): Result<HistoryEntry[]>;
  /** Removes a history entry; `remote` also deletes the link on the service (DELETE /api/delete-link). */
  deleteHistoryEntry(data: { id: string; remote: boolean }): Result<HistoryEntry[]>;
  clearHistory(): Result<HistoryEntry[]>;

  /** Starts a bulk batch (at most 500 addresses): Recent links reused, the rest queued. */
  startBulk(data: BulkRequest & ShownAccount & BulkScope): Result<BulkView | null>;
  /** Where the stored batch stands (null: none). */
  getBulk(data?: BulkScope): Result<BulkView | null>;
  /** Cancels the batch's rows not sent yet. */
  cancelBulk(data?: BulkScope): Result<BulkView | null>;
  /** Queues a failed or cancelled row again. */
  retryBulk(data: { index: number } & BulkScope): Result<BulkView | null>;
  /** Forgets a finished batch. */
  clearBulk(data?: BulkScope): Result<null>;

  /** Stored items that lost something when they were read (each told once, by the page that asks). */
  takeStorageNotices(): Result<ToldItem[]>;
  /** The current account's UTM presets, site rules and campaigns' default presets. */
  getLinkRules(): Result<AccountLinkRules>;
  /** Saves any of them (each list whole; a bad one is refused, nothing half-saved). */
  saveLinkRules(
    data: { presets?: UtmPreset[]; rules?: SiteRule[]; campaignPresets?: Record<string, string> } & ShownAccount,
  ): Result<AccountLinkRules>;

  getSettings(): Result<Settings>;
  saveSettings(data: Partial<Settings>): Result<Settings>;
  /** Empties the cache of lists and account. */
  clearCache(): Result<true>;

  /** The connected account's QR style (the default when none was chosen). */
  getQrStyle(): Result<QrStyle>;
  /** Keeps the account's QR style (null: the default); a style scanners read badly, or one for an account no longer current, is refused. */
  saveQrStyle(data: { style: QrStyle | null } & ShownAccount): Result<QrStyle>;
  /** "Sync presets, rules and QR style": on or off, and what stays in this browser (the logo; all of it when too large). */
  getSyncStatus(): Result<SyncStatus>;
  /** Turns the sync on (merged with the sync area at once) or off. */
  setSyncEnabled(data: { enabled: boolean }): Result<SyncStatus>;
  /** Makes the service's QR code of a short link (POST /api/qr/add, type link); waiting when the budget is spent. */
  makeTrackedQr(data: { shortUrl: string }): Result<TrackedQr>;
  /** Waits until a waiting tracked QR code is made. */
  waitTrackedQr(data: { shortUrl: string }): Result<TrackedQr>;
  /** The account's tracked QR codes by short link; `refresh` reads scans (at most once a minute). */
  getTrackedQrs(data: { refresh?: boolean }): Result<Record<string, TrackedQr>>;
  /** The service's image of a tracked QR code as a data: URL (the page copies or downloads it). */
  getTrackedQrImage(data: { shortUrl: string }): Result<FetchedImage>;
  /** The address the QR page opened for a private tab encodes (qr.html?id=<opaque id>); null: gone. */
  qrPageAddress(data: { id: string }): Result<string | null>;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();

/** The value a message answers with (its Result's value): what the worker's handler must return. */
export type AnswerOf<K extends keyof ProtocolMap> = ReturnType<ProtocolMap[K]> extends Result<infer V> ? V : never;

/** Sends a message and unwraps its Result: resolves the value or rejects with the error data. */
export function ask<N extends ListName>(type: 'getList', data: { name: N; refresh?: boolean }): Promise<Cached<ListItems[N][]>>;
export function ask<K extends MutationName>(type: 'mutate', data: MutationOf<K> & ShownAccount): Promise<MutationAnswer<K>>;
export function ask<K extends keyof ProtocolMap>(type: K, ...data: Parameters<ProtocolMap[K]>): Promise<AnswerOf<K>>;
export async function ask<K extends keyof ProtocolMap>(type: K, ...data: Parameters<ProtocolMap[K]>): Promise<AnswerOf<K>> {
  // The library types sendMessage's data per message; a rest tuple keeps no-data messages callable.
  // The first overloads keep getList's and mutate's generics, which ReturnType<ProtocolMap[K]> loses.
  const res = (await (sendMessage as (t: K, d?: unknown) => Promise<Result<unknown>>)(type, data[0])) as Result<unknown>;
  if (!res || typeof res !== 'object' || !('ok' in res)) {
    throw { kind: 'unreadable', reason: 'no-answer', message: 'The extension worker did not answer.' } satisfies SerializedApiError;
  }
  if (!res.ok) throw res.error;
  return res.value as never;
}
