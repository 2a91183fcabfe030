/**
 * The one contract between the extension's pages and the worker.
 * Pages never call fetch and never see the API key after it is saved; they send these
 * messages. Every answer is a Result: errors cross as plain data (kind + message).
 * The worker refuses messages that do not come from the extension's own pages.
 */
import type { ManagedPolicy } from '@/lib/storage/policy';
import { defineExtensionMessaging } from '@webext-core/messaging';
import type {
  Account,
  ApiClient,
  ChannelItem,
  ListName,
  QrDetail,
  SerializedApiError,
  Campaign,
  Channel,
  Domain,
  Overlay,
  Pixel,
  Qr,
  Splash,
  FetchedImage,
} from '@/lib/api';
import type { BulkBatch, HistoryEntry, Job, Settings, ShortenJobArgs, TrackedQr, UnsentLink } from '@/lib/storage';
import type { QrStyle } from '@/lib/qr/style';
import type { ToldItem } from '@/lib/storage/names';
import type { SyncStatus } from '@/lib/storage/syncArea';
import type { WaitingLink } from './waitingLinks';
import type { AccountLinkRules, SiteRule, UtmPreset } from '@/lib/links/linkRules';

export type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedApiError };

/** The items of each list, by list name. */
export interface ListItems {
  domains: Domain;
  campaigns: Campaign;
  channels: Channel;
  pixels: Pixel;
  qrs: Qr;
  overlays: Overlay;
  splash: Splash;
}

/** A value served from the cache: `stale` means a refresh is under way in the background. */
export interface Cached<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

/** What the pages may know of the connection: never the key itself. */
export interface ConnectionInfo {
  connected: boolean;
  serviceUrl: string | null;
  /** The last 4 characters of the key, for the masked display. */
  keyHint: string | null;
  /** What the organisation's policy sets (the options page marks it, and disables what it locks). */
  managed?: ManagedPolicy;
  /** The current connection's name ("Connection name"; absent: none given). */
  name?: string;
  /** The account's fingerprint (service URL + key, hashed): a page's changes name the account it shows. */
  fingerprint?: string;
}

/**
 * A change names the account the page shows: the worker refuses it when another account is
 * current (switched in another window meanwhile), so it never lands on the wrong account.
 */
export interface ShownAccount {
  account?: string;
}

/** A saved connection as the pages may know it (options' "Connections"): its name and service, never the key. */
export interface ConnectionSummary {
  fingerprint: string;
  /** The user's name for it, or the service's host when none was given. */
  name: string;
  serviceUrl: string;
  /** The last 4 characters of the key. */
  keyHint: string;
  current: boolean;
  /** Links (popup, menu, shortcut, bulk rows) still waiting to be made with this connection. */
  waiting: number;
}

/** The client methods a page may ask the worker to run as a mutation. */
export type MutationName =
  | 'updateAccount'
  | 'addDomain'
  | 'updateDomain'
  | 'deleteDomain'
  | 'addCampaign'
  | 'updateCampaign'
  | 'deleteCampaign'
  | 'assignCampaignLink'
  | 'addChannel'
  | 'updateChannel'
  | 'deleteChannel'
  | 'assignChannelItem'
  | 'addPixel'
  | 'updatePixel'
  | 'deletePixel'
  | 'addQr'
  | 'updateQr'
  | 'deleteQr';

/** A mutation: the client method and its arguments, typed from the client itself. */
export type Mutation = {
  [K in MutationName]: { op: K; args: Parameters<ApiClient[K]> };
}[MutationName];

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
  pending: Job[];
  waiting: WaitingLink[];
  unsent: UnsentLink[];
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

/** The stored batch and, for each waiting row, when it is expected to be sent (epoch ms; null: now or unknown). */
export interface BulkView {
  batch: BulkBatch;
  expectedAt: (number | null)[];
  /** For each row, whether it waits for a service that cannot be reached now (made when it answers). */
  waitingForService?: boolean[];
  /** For each row waiting for the service, whether the service answered with an error (rather than not at all). */
  serviceFailing?: boolean[];
  /** The worker's clock when it answered. */
  now: number;
}

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
  /** Runs a mutation through the queue and refreshes the list it touched. */
  mutate(data: Mutation & ShownAccount): Result<unknown>;
  /** When a change would leave now (the main rate budget): the page says a change waits, and until when. */
  changeSendAt(): Result<number | null>;

  /** Shortens (interactive priority); queued when the budget is spent. */
  shorten(data: ShortenRequest): Result<ShortenOutcome>;
  /** A queued job, to follow it from the popup; with `waitMs`, answered when it settles or after that long. */
  getJob(data: { jobId: string; waitMs?: number }): Result<Job | null>;
  /** Cancels a link that waits and was not sent yet; the job as it is then. */
  cancelJob(data: { jobId: string }): Result<Job | null>;
  /** The popup's links still being made, the links waiting, and the links not sent because the account changed; `private`: the popup's window is private (a private window's links are handed only then). */
  getWaitingLinks(data?: { private?: boolean }): Result<WaitingLinks>;
  /** Makes unsent links with the current account (with the given domain and campaign); the jobs, oldest first. */
  remakeUnsent(data: { ids: string[]; domainId: number | null; campaignId: number | null }): Result<Job[]>;
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
export function ask<K extends keyof ProtocolMap>(type: K, ...data: Parameters<ProtocolMap[K]>): Promise<AnswerOf<K>>;
export async function ask<K extends keyof ProtocolMap>(type: K, ...data: Parameters<ProtocolMap[K]>): Promise<AnswerOf<K>> {
  // The library types sendMessage's data per message; a rest tuple keeps no-data messages callable.
  // The first overload keeps getList's generic, which ReturnType<ProtocolMap['getList']> loses.
  const res = (await (sendMessage as (t: K, d?: unknown) => Promise<Result<unknown>>)(type, data[0])) as Result<unknown>;
  if (!res || typeof res !== 'object' || !('ok' in res)) {
    throw { kind: 'unreadable', reason: 'no-answer', message: 'The extension worker did not answer.' } satisfies SerializedApiError;
  }
  if (!res.ok) throw res.error;
  return res.value as never;
}
