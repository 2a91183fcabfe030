/**
 * A fake worker for the popup's component tests: `ask` answers from plain data, every call is
 * recorded. Tests mock '@/lib/messaging' with `vi.mock` and hand its `ask` to `answer()`.
 */
import { vi, type Mock } from 'vitest';
import { browser } from 'wxt/browser';
import userEvent from '@testing-library/user-event';
import type { Account, Campaign, Channel, Domain, SerializedApiError } from '@/lib/api';
import type { HistoryEntry, Job, Settings, TrackedQr } from '@/lib/storage';
import { DEFAULT_QR_STYLE } from '@/lib/qr/style';
import type { ShortenOutcome, ShortenRequest, WaitingLinks } from '@/lib/messaging';

import type { ToldItem } from '@/lib/storage/names';

export const SERVICE = 'http://127.0.0.1:8787';

import { DEFAULT_SETTINGS } from '@/lib/storage';

export const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  defaultDomainId: null,
  defaultCampaignId: null,
  autoCopy: true,
  keepHistory: true,
  lastDomainId: null,
  lastCampaignId: null,
};

export const DOMAINS: Domain[] = [
  { id: 7, domain: 'go.brand.example', redirectroot: '', redirect404: '' },
  { id: null, domain: 'shared.example', redirectroot: '', redirect404: '' },
  { id: 9, domain: 'links.other.example', redirectroot: '', redirect404: '' },
];

export const CAMPAIGNS: Campaign[] = [
  { id: 3, name: 'Spring sale', public: false, rotator: null, list: null },
  { id: 4, name: 'Newsletter', public: true, rotator: null, list: null },
];

export const FREE: Account = { id: 1, email: 'demo@example.com', username: 'demo', avatar: null, status: 'free', expires: '', registered: '' };
export const PRO: Account = { ...FREE, status: 'pro' };

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

type Answer<T> = T | SerializedApiError | ((data: never) => T | Promise<T>);

export interface World {
  /** Stored items the worker had to reset (told once). */
  storageNotices?: ToldItem[];
  tabUrl?: string | null;
  connected?: boolean;
  settings?: Settings;
  domains?: Answer<Domain[]>;
  campaigns?: Answer<Campaign[]>;
  channels?: Answer<Channel[]>;
  /** The tab's title (none by default). */
  tabTitle?: string;
  /** The tab is in a private (incognito) window. */
  tabIncognito?: boolean;
  account?: Answer<Account>;
  history?: HistoryEntry[];
  shorten?: Answer<ShortenOutcome>;
  getJob?: Answer<Job | null>;
  cancelJob?: Answer<Job | null>;
  deleteHistoryEntry?: Answer<HistoryEntry[]>;
  waiting?: Answer<WaitingLinks>;
  remakeUnsent?: Answer<Job[]>;
  /** Tracked QR codes by short link: stored, then as a refresh reads them. */
  tracked?: Record<string, TrackedQr>;
  trackedFresh?: Record<string, TrackedQr>;
  makeTrackedQr?: Answer<TrackedQr>;
}

function isError(v: unknown): v is SerializedApiError {
  return !!v && typeof v === 'object' && 'kind' in v && 'message' in v;
}

async function resolve<T>(a: Answer<T>, data: unknown): Promise<T> {
  if (typeof a === 'function') return (a as (d: unknown) => T | Promise<T>)(data);
  if (isError(a)) throw a;
  return a;
}

const cached = <T,>(value: T) => ({ value, fetchedAt: Date.now(), stale: false });

/**
 * Makes the mocked `ask` answer like a worker holding `world`; returns a user-event session and
 * the clipboard, tab and options spies (the clipboard is stubbed after user-event installs its own).
 */
export function answer(ask: Mock, world: World = {}) {
  const user = userEvent.setup();
  let history = world.history ?? [];
  ask.mockImplementation(async (type: string, data?: unknown) => {
    switch (type) {
      case 'getConnection':
        return { connected: world.connected ?? true, serviceUrl: SERVICE, keyHint: 'abcd' };
      case 'getSettings':
        return world.settings ?? SETTINGS;
      case 'saveSettings':
        return { ...(world.settings ?? SETTINGS), ...(data as Partial<Settings>) };
      case 'getList': {
        const name = (data as { name: string }).name;
        if (name === 'domains') return cached(await resolve(world.domains ?? DOMAINS, data));
        if (name === 'campaigns') return cached(await resolve(world.campaigns ?? CAMPAIGNS, data));
        if (name === 'channels') return cached(await resolve(world.channels ?? [], data));
        return cached([]);
      }
      case 'getAccount':
        return cached(await resolve(world.account ?? FREE, data));
      case 'getHistory':
        return history;
      case 'shorten': {
        const out = await resolve<ShortenOutcome>(
          world.shorten ?? ((req: ShortenRequest) => ({ status: 'done', entry: entry({ id: 'new', longUrl: req.url, domainId: req.domainId }) })),
          data,
        );
        if (out.status === 'done') history = [out.entry, ...history];
        return out;
      }
      case 'getJob':
        return resolve(world.getJob ?? null, data);
      case 'cancelJob':
        return resolve(world.cancelJob ?? null, data);
      case 'getWaitingLinks':
        return resolve(world.waiting ?? { pending: [], unsent: [] }, data);
      case 'remakeUnsent':
        return resolve(world.remakeUnsent ?? [], data);
      case 'dismissUnsent':
        return [];
      case 'takeStorageNotices':
        return world.storageNotices ?? [];
      case 'deleteHistoryEntry': {
        if (world.deleteHistoryEntry) return resolve(world.deleteHistoryEntry, data);
        history = history.filter((e) => e.id !== (data as { id: string }).id);
        return history;
      }
      case 'getQrStyle':
        return DEFAULT_QR_STYLE;
      case 'getTrackedQrs':
        return (data as { refresh?: boolean }).refresh ? (world.trackedFresh ?? world.tracked ?? {}) : (world.tracked ?? {});
      case 'makeTrackedQr':
        return resolve(world.makeTrackedQr ?? { kind: 'unreadable', message: 'no tracked QR here' }, data);
      default:
        throw { kind: 'unreadable', message: `unexpected message ${type}` };
    }
  });

  const tabs = world.tabUrl === null ? [] : [{ id: 1, url: world.tabUrl ?? 'https://example.com/article', title: world.tabTitle, incognito: world.tabIncognito ?? false }];
  // tabs.query has a callback overload too: the mock is typed loosely.
  const query = vi.spyOn(browser.tabs, 'query').mockImplementation((async () => tabs) as never);
  const openOptions = vi.spyOn(browser.runtime, 'openOptionsPage').mockResolvedValue(undefined as never);
  const writeText = vi.fn(async (_text: string) => undefined);
  const write = vi.fn(async (_items: unknown) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText, write }, configurable: true });
  return { user, query, openOptions, writeText, write };
}

/** The calls of one message type made to the mocked `ask`. */
export function callsOf(ask: Mock, type: string): unknown[] {
  return ask.mock.calls.filter((c) => c[0] === type).map((c) => c[1]);
}
