/**
 * The one fake worker of the page tests (popup, bulk page, options page): `ask` answers from
 * in-memory data the way lib/messaging promises (a value, or a thrown SerializedApiError) and
 * records every message. test/unit/support/setup.ts mocks `ask` (a vi.fn) for every unit file;
 * `withFakeWorker()` plugs a worker into it for each test of a file, and the popup's `answer()`
 * (test/unit/popup/harness.tsx) builds one from a `World`.
 */
import { beforeEach, vi } from 'vitest';
import { ask } from '@/lib/messaging';
import type {
  Account,
  Campaign,
  Channel,
  ChannelItem,
  Domain,
  ListName,
  Overlay,
  Pixel,
  Qr,
  QrDetail,
  SerializedApiError,
  Splash,
} from '@/lib/api';
import type { ConnectionInfo, Mutation, ShortenOutcome, ShortenRequest, WaitingLinks } from '@/lib/messaging';
import { DEFAULT_SETTINGS, type HistoryEntry, type Settings, type TrackedQr } from '@/lib/storage';
import type { JobView } from '@/lib/messaging/jobView';
import type { QrStyle } from '@/lib/qr/style';
import type { AccountLinkRules } from '@/lib/links/linkRules';
import type { SyncStatus } from '@/lib/storage/syncArea';
import type { ConnectionSummary } from '@/lib/messaging';
import { answerConnections, type FakeWorld } from './fakeConnections';

export const SERVICE = 'http://127.0.0.1:8787';

export const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  defaultDomainId: null,
  defaultCampaignId: null,
  autoCopy: true,
  keepHistory: true,
  lastDomainId: null,
  lastCampaignId: null,
};

/** The options page's account: pro, with an avatar and dates. */
export const ACCOUNT: Account = {
  id: 1,
  email: 'demo@example.com',
  username: 'demo',
  avatar: 'https://cdn.example.com/a.png',
  status: 'pro',
  expires: '2030-01-01 00:00:00',
  registered: '2024-02-03 10:00:00',
};

/** A history entry with sensible defaults. */
export function entry(over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 'h1',
    longUrl: 'https://example.com/article',
    shortUrl: 'https://sho.rt/abc',
    shortCode: 'abc',
    linkId: 101,
    domainId: null,
    campaign: { state: 'none' },
    createdAt: 1_700_000_000_000,
    service: SERVICE,
    ...over,
  };
}

export interface Call {
  type: string;
  data: unknown;
}

/** What the worker answers to one message: a value, an error it throws, or a function of the message's data. */
export type Answer<T> = T | SerializedApiError | ((data: never) => T | Promise<T>);

type Lists = {
  channels: Channel[];
  pixels: Pixel[];
  domains: Domain[];
  campaigns: Campaign[];
  qrs: Qr[];
  overlays: Overlay[];
  splash: Splash[];
};

export function fail(kind: SerializedApiError['kind'], message: string, extra: Partial<SerializedApiError> = {}): SerializedApiError {
  return { kind, message, ...extra };
}

function isError(v: unknown): v is SerializedApiError {
  return !!v && typeof v === 'object' && 'kind' in v && 'message' in v;
}

async function resolve<T>(a: Answer<T>, data: unknown): Promise<T> {
  if (typeof a === 'function') return (a as (d: unknown) => T | Promise<T>)(data);
  if (isError(a)) throw a;
  return a;
}

const made = (req: ShortenRequest): ShortenOutcome => ({
  status: 'done',
  entry: entry({ id: 'new', longUrl: req.url, domainId: req.domainId }),
});

/** The fake worker; tweak its fields (or `override`) per test. */
export class FakeWorker {
  connection!: ConnectionInfo;
  account!: Account;
  settings!: Settings;
  /** Whether saveSettings keeps what it saved (the options page reads it back), or only answers with it. */
  keepsSettings!: boolean;
  lists!: Lists;
  /** Per list (and the account): an answer instead of the plain value (an error, or a function of the message). */
  answers!: { [K in ListName]?: Answer<Lists[K]> } & { account?: Answer<Account> };
  /** When the cached values were fetched. */
  fetchedAt!: () => number;
  channelItems!: Record<number, ChannelItem[]>;
  qrDetails!: Record<number, QrDetail>;
  history!: HistoryEntry[];
  shorten!: Answer<ShortenOutcome>;
  job!: Answer<JobView | null>;
  waiting!: Answer<WaitingLinks>;
  unsentRemade!: Answer<JobView[]>;
  /** deleteHistoryEntry's answer; by default the entry leaves `history`. */
  deleteHistoryEntry!: Answer<HistoryEntry[]> | undefined;
  /** The popup's messages below are answered only when set (unknown messages otherwise, as for the options page). */
  cancelledJob!: Answer<JobView | null> | undefined;
  qrStyle!: QrStyle | undefined;
  /** Tracked QR codes by short link: stored, then as a refresh reads them. */
  tracked!: Record<string, TrackedQr> | undefined;
  trackedFresh!: Record<string, TrackedQr> | undefined;
  trackedQrMade!: Answer<TrackedQr> | undefined;
  /** The account's UTM presets and site rules (the options page's; not answered when unset). */
  linkRules!: AccountLinkRules | undefined;
  /** "Sync presets, rules and QR style" (off by default). */
  syncStatus!: SyncStatus;
  /** The saved connections (the options page's "Connections"; none by default) and, by fingerprint, the accounts not current. */
  connections!: ConnectionSummary[];
  worlds!: Record<string, FakeWorld>;
  /** What a message the worker does not know is answered with (thrown). */
  unknownMessage!: (type: string) => SerializedApiError;
  calls!: Call[];
  /** Per message: a function answering instead of the default (throw a SerializedApiError to fail). */
  override!: Record<string, (data: unknown) => unknown>;
  /** The id of the next item the worker makes. */
  nextId!: number;

  constructor() {
    this.reset();
  }

  /** Back to the options page's defaults: connected, a pro account, empty lists, nothing sent. */
  reset(): this {
    this.connection = { connected: true, serviceUrl: SERVICE, keyHint: 'abcd' };
    this.account = { ...ACCOUNT };
    this.settings = { ...SETTINGS };
    this.keepsSettings = true;
    this.lists = { channels: [], pixels: [], domains: [], campaigns: [], qrs: [], overlays: [], splash: [] };
    this.answers = {};
    this.fetchedAt = () => 1_700_000_000_000;
    this.channelItems = {};
    this.qrDetails = {};
    this.history = [];
    this.shorten = made;
    this.job = null;
    this.waiting = { pending: [], waiting: [], unsent: [] };
    this.unsentRemade = [];
    this.deleteHistoryEntry = undefined;
    this.cancelledJob = undefined;
    this.qrStyle = undefined;
    this.tracked = undefined;
    this.trackedFresh = undefined;
    this.trackedQrMade = undefined;
    this.linkRules = { presets: [], rules: [], campaignPresets: {} };
    this.syncStatus = { enabled: false, logoKept: false, tooLarge: false };
    this.connections = [];
    this.worlds = {};
    this.unknownMessage = (type) => fail('invalid-input', `unknown message ${type}`);
    this.calls = [];
    this.override = {};
    this.nextId = 1000;
    return this;
  }

  disconnected(): this {
    this.connection = { connected: false, serviceUrl: null, keyHint: null };
    return this;
  }

  /** Messages of one type, in order. */
  sent(type: string): unknown[] {
    return this.calls.filter((c) => c.type === type).map((c) => c.data);
  }

  /** The mutations sent, as {op, args}. */
  mutations(): Mutation[] {
    return this.sent('mutate') as Mutation[];
  }

  ask = async (type: string, data?: unknown): Promise<unknown> => {
    this.calls.push({ type, data });
    await Promise.resolve();
    const o = this.override[type];
    if (o) return o(data);
    return this.answer(type, data);
  };

  private cached<T>(value: T) {
    return { value, fetchedAt: this.fetchedAt(), stale: false };
  }

  private async answer(type: string, data: unknown): Promise<unknown> {
    const d = data as Record<string, unknown> | undefined;
    switch (type) {
      case 'getConnection':
        return this.connection;
      case 'saveConnection': {
        const { serviceUrl, apiKey, name } = d as { serviceUrl: string; apiKey?: string; name?: string };
        if (apiKey === 'bad-key') throw fail('bad-key', 'Invalid API key.', { status: 401 });
        this.connection = { connected: true, serviceUrl, keyHint: (apiKey ?? 'abcd').slice(-4), ...(name ? { name } : {}) };
        return { connection: this.connection, account: this.account };
      }
      case 'forgetKey':
        this.connection = { connected: false, serviceUrl: this.connection.serviceUrl, keyHint: null };
        return this.connection;
      case 'getAccount':
        return this.cached(this.answers.account !== undefined ? await resolve(this.answers.account, data) : this.account);
      case 'getList': {
        const name = d!.name as ListName;
        const answer = this.answers[name];
        return this.cached(answer !== undefined ? await resolve<unknown[]>(answer, data) : [...this.lists[name]]);
      }
      case 'getChannelItems':
        return this.channelItems[d!.channelId as number] ?? [];
      case 'getQr': {
        const detail = this.qrDetails[d!.id as number];
        if (!detail) throw fail('not-found', 'QR code not found');
        return detail;
      }
      case 'mutate':
        return mutate(this, data as Mutation);
      case 'getSettings':
        return this.settings;
      case 'saveSettings': {
        const saved = { ...this.settings, ...(data as Partial<Settings>) };
        if (this.keepsSettings) this.settings = saved;
        return saved;
      }
      case 'getHistory':
        return this.history;
      case 'shorten': {
        const out = await resolve(this.shorten, data);
        if (out.status === 'done') this.history = [out.entry, ...this.history];
        return out;
      }
      case 'getJob':
        return resolve(this.job, data);
      case 'getWaitingLinks':
        return resolve(this.waiting, data);
      case 'remakeUnsent':
        return resolve(this.unsentRemade, data);
      case 'dismissUnsent':
        return [];
      case 'deleteHistoryEntry':
        if (this.deleteHistoryEntry) return resolve(this.deleteHistoryEntry, data);
        this.history = this.history.filter((e) => e.id !== (d as { id: string }).id);
        return this.history;
      case 'cancelJob':
        if (this.cancelledJob === undefined) break;
        return resolve(this.cancelledJob, data);
      case 'getQrStyle':
        if (!this.qrStyle) break;
        return this.qrStyle;
      case 'getTrackedQrs':
        if (!this.tracked) break;
        return (d as { refresh?: boolean }).refresh ? (this.trackedFresh ?? this.tracked) : this.tracked;
      case 'makeTrackedQr':
        if (this.trackedQrMade === undefined) break;
        return resolve(this.trackedQrMade, data);
      case 'getLinkRules':
        if (!this.linkRules) break;
        return this.linkRules;
      case 'saveLinkRules':
        if (!this.linkRules) break;
        this.linkRules = { ...this.linkRules, ...(data as Partial<AccountLinkRules>) };
        return this.linkRules;
      case 'getSyncStatus':
        return this.syncStatus;
      case 'setSyncEnabled':
        this.syncStatus = { ...this.syncStatus, enabled: (data as { enabled: boolean }).enabled };
        return this.syncStatus;
      case 'clearHistory':
        return [];
      case 'clearCache':
        return true;
    }
    const connections = await answerConnections(this, type, data);
    if (connections !== undefined) return connections;
    throw this.unknownMessage(type);
  }
}

function mutate(w: FakeWorker, m: Mutation): unknown {
  const L = w.lists;
  switch (m.op) {
    case 'addChannel': {
      const [a] = m.args;
      const c: Channel = { id: w.nextId++, name: a.name, description: a.description ?? '', color: a.color ?? '', starred: !!a.starred };
      L.channels.push(c);
      return c;
    }
    case 'updateChannel': {
      const [id, a] = m.args;
      L.channels = L.channels.map((c) => (c.id === id ? ({ ...c, ...a } as Channel) : c));
      return { message: 'Channel updated' };
    }
    case 'deleteChannel':
      L.channels = L.channels.filter((c) => c.id !== m.args[0]);
      return { message: 'Channel deleted' };
    case 'assignChannelItem': {
      const [cid, type, itemId] = m.args;
      (w.channelItems[cid] ??= []).push({ type, id: itemId, title: `Item ${itemId}`, preview: null, link: null, date: '2025-01-01' });
      return { message: 'assigned' };
    }
    case 'addPixel': {
      const [a] = m.args;
      L.pixels.push({ id: w.nextId++, type: a.type, name: a.name, tag: a.tag, date: '2025-01-01 00:00:00' });
      return { id: w.nextId };
    }
    case 'updatePixel':
      L.pixels = L.pixels.map((p) => (p.id === m.args[0] ? ({ ...p, ...m.args[1] } as Pixel) : p));
      return { message: 'ok' };
    case 'deletePixel':
      L.pixels = L.pixels.filter((p) => p.id !== m.args[0]);
      return { message: 'ok' };
    case 'addDomain': {
      const [a] = m.args;
      L.domains.push({ id: w.nextId++, domain: a.domain, redirectroot: a.redirectroot ?? '', redirect404: a.redirect404 ?? '' });
      return { id: w.nextId };
    }
    case 'updateDomain':
      L.domains = L.domains.map((x) => (x.id === m.args[0] ? ({ ...x, ...m.args[1] } as Domain) : x));
      return { message: 'ok' };
    case 'deleteDomain':
      L.domains = L.domains.filter((x) => x.id !== m.args[0]);
      return { message: 'ok' };
    case 'addCampaign': {
      const [a] = m.args;
      const c: Campaign = { id: w.nextId++, name: a.name ?? '', public: !!a.public, rotator: null, list: null };
      L.campaigns.push(c);
      return c;
    }
    case 'updateCampaign':
      L.campaigns = L.campaigns.map((c) => (c.id === m.args[0] ? { ...c, name: m.args[1].name, public: !!m.args[1].public } : c));
      return L.campaigns.find((c) => c.id === m.args[0]);
    case 'deleteCampaign':
      L.campaigns = L.campaigns.filter((c) => c.id !== m.args[0]);
      return { message: 'ok' };
    case 'addQr': {
      const id = w.nextId++;
      L.qrs.push({ id, link: `https://sho.rt/qr/${id}`, scans: 0, name: '', date: '2025-01-01 00:00:00' });
      return { id, link: `https://sho.rt/qr/${id}` };
    }
    case 'updateQr':
      return { message: 'ok' };
    case 'deleteQr':
      L.qrs = L.qrs.filter((q) => q.id !== m.args[0]);
      return { message: 'ok' };
    case 'updateAccount':
      if (m.args[0].email) w.account = { ...w.account, email: m.args[0].email };
      return { message: 'Account updated' };
    default:
      throw fail('invalid-input', `op ${m.op} not faked`);
  }
}

/**
 * One worker for every test of a file: before each test it is reset to its defaults and
 * answers the mocked `ask`. Call at the top of a file (before the file's own beforeEach).
 */
export function withFakeWorker(): FakeWorker {
  const worker = new FakeWorker();
  beforeEach(() => {
    worker.reset();
    vi.mocked(ask).mockImplementation(worker.ask as never);
  });
  return worker;
}

/** `n` channels named "Channel 1" … (as a worker that fetched every page returns them). */
export function manyChannels(n: number): Channel[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Channel ${i + 1}`,
    description: `Description ${i + 1}`,
    color: '#1A2B3C',
    starred: i % 10 === 0,
  }));
}
