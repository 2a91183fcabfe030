/**
 * The popup's side of the fake worker (test/unit/support/fakeWorker.ts): `answer()` makes it
 * hold a `World` and answer the mocked `ask` (test/unit/support/setup.ts); every call is recorded.
 */
import type { ToldItem } from '@/lib/storage/names';
import { type Mock, vi } from 'vitest';
import { browser } from 'wxt/browser';
import userEvent from '@testing-library/user-event';
import type { Account, Campaign, Channel, Domain } from '@/lib/api';
import type { HistoryEntry, Settings, TrackedQr } from '@/lib/storage';
import type { JobView } from '@/lib/messaging/jobView';
import { DEFAULT_QR_STYLE } from '@/lib/qr/style';
import type { ShortenOutcome, WaitingLinks } from '@/lib/messaging';
import { FakeWorker, SERVICE, SETTINGS, type Answer } from '../support/fakeWorker';

export { entry, SERVICE, SETTINGS } from '../support/fakeWorker';

export const DOMAINS: Domain[] = [
  { id: 7, domain: 'go.brand.example', redirectroot: '', redirect404: '' },
  { id: null, domain: 'shared.example', redirectroot: '', redirect404: '' },
  { id: 9, domain: 'links.other.example', redirectroot: '', redirect404: '' },
];

export const CAMPAIGNS: Campaign[] = [
  { id: 3, name: 'Spring sale', public: false, rotator: null, list: null },
  { id: 4, name: 'Newsletter', public: true, rotator: null, list: null },
];

export const FREE: Account = {
  id: 1,
  email: 'demo@example.com',
  username: 'demo',
  avatar: null,
  status: 'free',
  expires: '',
  registered: '',
};
export const PRO: Account = { ...FREE, status: 'pro' };

export interface World {
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
  getJob?: Answer<JobView | null>;
  cancelJob?: Answer<JobView | null>;
  deleteHistoryEntry?: Answer<HistoryEntry[]>;
  waiting?: Answer<WaitingLinks>;
  remakeUnsent?: Answer<JobView[]>;
  /** Tracked QR codes by short link: stored, then as a refresh reads them. */
  tracked?: Record<string, TrackedQr>;
  trackedFresh?: Record<string, TrackedQr>;
  makeTrackedQr?: Answer<TrackedQr>;
  /** Stored items the worker had to reset (told once). */
  storageNotices?: ToldItem[];
}

/** The fake worker holding `world`, as the popup and the bulk page see it. */
export function popupWorker(world: World = {}): FakeWorker {
  const w = new FakeWorker();
  w.connection = { connected: world.connected ?? true, serviceUrl: SERVICE, keyHint: 'abcd' };
  w.settings = world.settings ?? SETTINGS;
  w.keepsSettings = false;
  w.fetchedAt = Date.now;
  w.answers = { domains: world.domains ?? DOMAINS, campaigns: world.campaigns ?? CAMPAIGNS, account: world.account ?? FREE };
  if (world.channels) w.answers.channels = world.channels; // else a new empty list each time
  w.history = world.history ?? [];
  if (world.shorten) w.shorten = world.shorten;
  w.job = world.getJob ?? null;
  w.waiting = world.waiting ?? { pending: [], waiting: [], unsent: [] };
  w.unsentRemade = world.remakeUnsent ?? [];
  w.deleteHistoryEntry = world.deleteHistoryEntry;
  w.cancelledJob = world.cancelJob ?? null;
  w.qrStyle = DEFAULT_QR_STYLE;
  w.tracked = world.tracked ?? {};
  w.trackedFresh = world.trackedFresh;
  w.trackedQrMade = world.makeTrackedQr ?? { kind: 'unreadable', message: 'no tracked QR here' };
  w.linkRules = undefined;
  w.unknownMessage = (type) => ({ kind: 'unreadable', message: `unexpected message ${type}` });
  if (world.storageNotices) w.override.takeStorageNotices = () => world.storageNotices;
  return w;
}

/**
 * Makes the mocked `ask` answer like a worker holding `world`; returns a user-event session,
 * the clipboard, tab and options spies (the clipboard is stubbed after user-event installs its
 * own) and the worker.
 */
export function answer(ask: Mock, world: World = {}) {
  const user = userEvent.setup();
  const worker = popupWorker(world);
  ask.mockImplementation(worker.ask);

  const tabs =
    world.tabUrl === null
      ? []
      : [{ id: 1, url: world.tabUrl ?? 'https://example.com/article', title: world.tabTitle, incognito: world.tabIncognito ?? false }];
  // tabs.query has a callback overload too: the mock is typed loosely.
  const query = vi.spyOn(browser.tabs, 'query').mockImplementation((async () => tabs) as never);
  const openOptions = vi.spyOn(browser.runtime, 'openOptionsPage').mockResolvedValue(undefined as never);
  const writeText = vi.fn(async (_text: string) => undefined);
  const write = vi.fn(async (_items: unknown) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText, write }, configurable: true });
  return { user, query, openOptions, writeText, write, worker };
}

/** The calls of one message type made to the mocked `ask`. */
export function callsOf(ask: Mock, type: string): unknown[] {
  return ask.mock.calls.filter((c) => c[0] === type).map((c) => c[1]);
}
