import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import type { Campaign } from '@/lib/api';
import { cacheItem, connectionStateItem, settingsItem, writeTogether, type AccountName, type Job } from '@/lib/storage';
import { pendingJobView } from '@/lib/background/jobViews';
import type { PendingJob } from '@/lib/messaging/jobView';
import { CACHE_TTL_MS } from '@/lib/storage/cachePolicy';
import { linkRulesItem } from '@/lib/storage/linkRules';
import { answer, CAMPAIGNS, DOMAINS, entry, FREE, SETTINGS, type World } from './harness';
import { fail } from '../support/fakeWorker';
import { answerConnections, summary } from '../support/fakeConnections';
import { fakePopupPort } from '../support/popupPort';

const askMock = vi.mocked(ask);

const A: AccountName = { fingerprint: 'fp-a', name: 'Client A' };
const B: AccountName = { fingerprint: 'fp-b', name: 'Client B' };
const B_CAMPAIGNS: Campaign[] = [{ id: 21, name: 'B launch', public: false, rotator: null, list: null }];

/** Storage as the worker leaves it with `current` connected: its state naming `accounts`, its remembered choices and cache. */
async function store(
  current: AccountName,
  accounts: AccountName[],
  opts: { campaigns: Campaign[]; lastCampaignId: number | null; fetchedAt?: number },
) {
  const fetchedAt = opts.fetchedAt ?? Date.now();
  // In one storage call, as the worker writes a switch (a page hears every key of it at once).
  await writeTogether([
    { item: connectionStateItem, value: { connected: true, fingerprint: current.fingerprint, accounts } },
    { item: settingsItem, value: { ...SETTINGS, lastCampaignId: opts.lastCampaignId } },
    {
      item: cacheItem,
      value: {
        fingerprint: current.fingerprint,
        account: { value: FREE, fetchedAt },
        lists: {
          domains: { value: DOMAINS, fetchedAt },
          campaigns: { value: opts.campaigns, fetchedAt },
          channels: { value: [], fetchedAt },
        },
      },
    },
  ]);
}

/** Messages asked, getList named by its list. */
const asked = () => askMock.mock.calls.map((c) => (c[0] === 'getList' ? `getList:${(c[1] as { name: string }).name}` : c[0]));

/** The popup with Client A current and Client B saved; switching to B stores B's state (its cache fetched at `bFetchedAt`) as the worker does. */
async function twoAccounts(world: World = {}, bFetchedAt?: number) {
  await store(A, [A, B], { campaigns: CAMPAIGNS, lastCampaignId: 4 });
  const session = answer(askMock, world);
  const { worker } = session;
  worker.connections = [summary({ ...A, current: true }), summary(B)];
  // What the worker does before it answers a switch: it stores the other account's state and cache, and answers its lists from then on.
  const hooks = {
    onSwitch: (fp: string) => {
      const toB = fp === B.fingerprint;
      worker.answers.campaigns = toB ? B_CAMPAIGNS : CAMPAIGNS;
      worker.settings = { ...SETTINGS, lastCampaignId: toB ? 21 : 4 };
      return store(toB ? B : A, [A, B], { campaigns: toB ? B_CAMPAIGNS : CAMPAIGNS, lastCampaignId: toB ? 21 : 4, fetchedAt: bFetchedAt });
    },
  };
  worker.override.switchConnection = async (data) => {
    await hooks.onSwitch((data as { fingerprint: string }).fingerprint);
    return answerConnections(worker, 'switchConnection', data);
  };
  render(<App />);
  const select = await screen.findByRole('combobox', { name: 'Account' });
  return { ...session, select, hooks };
}

/** twoAccounts with one Recent link of each account in the stored head, Client A's drawn. */
async function twoAccountsWithLinks() {
  const fromA = entry({ id: 'a1', shortUrl: 'https://sho.rt/from-a', account: A.fingerprint });
  const fromB = entry({ id: 'b1', shortUrl: 'https://sho.rt/from-b', account: B.fingerprint });
  await fakeBrowser.storage.local.set({ recentHead: { entries: [fromB, fromA], total: 2 } });
  const session = await twoAccounts({ history: [fromA] });
  const recent = screen.getByRole('region', { name: 'Recent links' });
  await waitFor(() =>
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['https://sho.rt/from-a']),
  );
  return { ...session, recent, fromA, fromB };
}

/** A popup's link as the worker hands it (built as stored, then as a page sees it). */
const job = (over: Partial<Job>): PendingJob =>
  pendingJobView({
    id: 'j1',
    kind: 'shorten',
    source: 'popup',
    args: { url: 'https://example.org/queued', domainId: null, campaignId: null },
    state: 'pending',
    attempts: 0,
    notBefore: 0,
    createdAt: 1,
    fingerprint: A.fingerprint,
    notify: true,
    ...over,
  } as Job);

beforeEach(() => {
  fakeBrowser.reset();
  // The popup's port to the worker (it follows waiting links over it, and hears of stored changes).
  fakePopupPort();
});

describe('the popup’s select "Account"', () => {
  it('is not there with one saved connection', async () => {
    await store(A, [A], { campaigns: CAMPAIGNS, lastCampaignId: 4 });
    answer(askMock);
    render(<App />);
    // The parts drawn after the first paint are there (same chunk), and the worker was asked.
    await screen.findByRole('button', { name: /Shorten many/ });
    await waitFor(() => expect(asked()).toContain('getWaitingLinks'));
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });

  it('lists two saved connections by name, the current one selected', async () => {
    const { select } = await twoAccounts();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Client A', 'Client B']);
    expect(select).toHaveProperty('value', A.fingerprint);
    expect((select as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Client A');
  });

  it('switching asks the worker, then shows the other account’s campaigns and remembered choice from its cache, with no list asked', async () => {
    let release!: () => void;
    const { user, select, worker, hooks } = await twoAccounts({ history: [entry({ id: 'a1', shortUrl: 'https://sho.rt/from-a' })] });
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    await waitFor(() => expect(campaign).toHaveProperty('value', '4'));
    const before = askMock.mock.calls.length;
    // The worker takes its time: meanwhile the form cannot be sent.
    const stored = hooks.onSwitch;
    hooks.onSwitch = (fp) => new Promise<void>((resolve) => (release = () => void stored(fp).then(resolve)));
    worker.history = [entry({ id: 'b1', shortUrl: 'https://sho.rt/from-b' })];
    await user.selectOptions(select, 'Client B');
    await waitFor(() => expect(worker.sent('switchConnection')).toEqual([{ fingerprint: B.fingerprint }]));
    expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', true);
    // The lists are being replaced: the selects wait for them.
    expect(campaign).toHaveProperty('disabled', true);
    release();
    await waitFor(() =>
      expect(
        within(campaign)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No campaign', 'B launch']),
    );
    await waitFor(() => expect(campaign).toHaveProperty('value', '21'));
    expect(select).toHaveProperty('value', B.fingerprint);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    expect(campaign).toHaveProperty('disabled', false);
    // Recent links are the other account's.
    await screen.findByText('https://sho.rt/from-b');
    expect(screen.queryByText('https://sho.rt/from-a')).toBeNull();
    // A warm switch: the lists and the account came from storage, none was asked of the worker.
    const after = asked().slice(before);
    expect(after.filter((a) => a.startsWith('getList') || a === 'getAccount')).toEqual([]);
  });

  it('Recent links are the other account’s at once after a switch (its newest from the stored head), never the first one’s', async () => {
    const { user, select, worker, recent } = await twoAccountsWithLinks();
    // The worker does not answer the history of the second account (yet).
    worker.override.getHistory = () => new Promise(() => undefined);
    await user.selectOptions(select, 'Client B');
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['https://sho.rt/from-b']),
    );
  });

  it('a popup left open follows the account another window made current: its lists, its choices, its Recent links, and the links made for it afterwards', async () => {
    const { select, worker, hooks, recent, fromA, fromB } = await twoAccountsWithLinks();
    worker.history = [fromB];
    // The options page switches to B: the worker stores B's state and cache.
    await act(() => hooks.onSwitch(B.fingerprint));
    await waitFor(() => expect(select).toHaveProperty('value', B.fingerprint));
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    await waitFor(() =>
      expect(
        within(campaign)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No campaign', 'B launch']),
    );
    await waitFor(() => expect(campaign).toHaveProperty('value', '21'));
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['https://sho.rt/from-b']),
    );
    // A link the worker makes for B afterwards joins them; A's never shows.
    const madeB = entry({ id: 'b2', shortUrl: 'https://sho.rt/made-b', account: B.fingerprint });
    await act(() => fakeBrowser.storage.local.set({ recentHead: { entries: [madeB, fromB, fromA], total: 3 } }));
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['https://sho.rt/made-b', 'https://sho.rt/from-b']),
    );
  });

  it('a popup left open offers an account added in another window', async () => {
    const C: AccountName = { fingerprint: 'fp-c', name: 'Client C' };
    const { select } = await twoAccounts();
    await act(() => connectionStateItem.setValue({ connected: true, fingerprint: A.fingerprint, accounts: [A, B, C] }));
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Client A', 'Client B', 'Client C']),
    );
    expect(select).toHaveProperty('value', A.fingerprint);
  });

  it('asks the worker for the other account’s lists when its cache is stale', async () => {
    const { user, select } = await twoAccounts({}, Date.now() - CACHE_TTL_MS - 1000);
    const before = askMock.mock.calls.length;
    await user.selectOptions(select, 'Client B');
    await waitFor(() =>
      expect(asked().slice(before)).toEqual(expect.arrayContaining(['switchConnection', 'getList:campaigns', 'getList:domains'])),
    );
  });

  it('a failed switch says why and goes back to the current account', async () => {
    const { user, select, worker } = await twoAccounts();
    worker.override.switchConnection = () => {
      throw fail('unreadable', 'quota', { reason: 'storage-full' });
    };
    await user.selectOptions(select, 'Client B');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The account was not changed: The browser’s storage for LinkShort is full/);
    expect(select).toHaveProperty('value', A.fingerprint);
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveProperty('value', '4');
    expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false);
  });
});

describe('site rules per account', () => {
  it('a rule of the first account stops choosing the campaign and the UTM values once the user switched to the second, and comes back with the first', async () => {
    const preset = { id: 'p1', name: 'Newsletter', source: 'news', medium: 'email', campaign: '', term: '', content: '' };
    const rule = { id: 'r1', site: 'example.com', domainId: null, campaignId: 3, channelId: null, presetId: 'p1' };
    await linkRulesItem.setValue({ [A.fingerprint]: { presets: [preset], rules: [rule], campaignPresets: {} } });
    const { user, select } = await twoAccounts({ tabUrl: 'https://example.com/post' });
    const longUrl = screen.getByRole('textbox', { name: 'Long URL' });
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    await screen.findByText('Rule: example.com');
    await waitFor(() => expect(longUrl).toHaveProperty('value', 'https://example.com/post?utm_source=news&utm_medium=email'));
    expect(campaign).toHaveProperty('value', '3');
    await user.selectOptions(select, 'Client B');
    await waitFor(() => expect(longUrl).toHaveProperty('value', 'https://example.com/post'));
    expect(screen.queryByText('Rule: example.com')).toBeNull();
    await waitFor(() => expect(campaign).toHaveProperty('value', '21'));
    await user.selectOptions(select, 'Client A');
    await screen.findByText('Rule: example.com');
    await waitFor(() => expect(longUrl).toHaveProperty('value', 'https://example.com/post?utm_source=news&utm_medium=email'));
    expect(campaign).toHaveProperty('value', '3');
  });
});

describe('a waiting link of another account', () => {
  it('names the account it is made with', async () => {
    await twoAccounts({
      waiting: { pending: [job({ fingerprint: B.fingerprint })], waiting: [], unsent: [] },
      getJob: job({ fingerprint: B.fingerprint }),
    });
    expect((await screen.findByText(/^This link is for Client B:/)).textContent).toBe(
      'This link is for Client B: it is made with that account, whichever one is chosen above.',
    );
    expect(screen.getByRole('button', { name: 'Cancel this link' })).toBeTruthy();
  });

  it('says nothing more when it is the current account’s, and names it once the user switched away', async () => {
    const { user, select } = await twoAccounts({ waiting: { pending: [job({})], waiting: [], unsent: [] }, getJob: job({}) });
    await screen.findByRole('button', { name: 'Cancel this link' });
    expect(screen.queryByText(/This link is for/)).toBeNull();
    await user.selectOptions(select, 'Client B');
    expect(await screen.findByText(/^This link is for Client A:/)).toBeTruthy();
  });
});

describe('answers for the account before a switch', () => {
  it('a list the worker answers for the other account after the switch never replaces this account’s', async () => {
    // Client A's cache is stale: the popup asks for A's campaigns, and that answer comes late.
    await store(A, [A, B], { campaigns: CAMPAIGNS, lastCampaignId: 4, fetchedAt: Date.now() - CACHE_TTL_MS - 1000 });
    const { worker, user } = answer(askMock);
    worker.connections = [summary({ ...A, current: true }), summary(B)];
    let releaseA: () => void = () => {};
    worker.override.getList = (d) => {
      const name = (d as { name: string }).name;
      if (name !== 'campaigns' || worker.answers.campaigns === B_CAMPAIGNS)
        return { value: name === 'campaigns' ? B_CAMPAIGNS : [], fetchedAt: Date.now(), stale: false };
      return new Promise(
        (r) =>
          (releaseA = () =>
            r({
              value: [...CAMPAIGNS, { id: 99, name: 'Late A', public: false, rotator: null, list: null }],
              fetchedAt: Date.now(),
              stale: false,
            })),
      );
    };
    worker.override.switchConnection = async (data) => {
      worker.answers.campaigns = B_CAMPAIGNS;
      await store(B, [A, B], { campaigns: B_CAMPAIGNS, lastCampaignId: 21 });
      return answerConnections(worker, 'switchConnection', data);
    };
    render(<App />);
    const select = await screen.findByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(asked()).toContain('getList:campaigns'));
    await user.selectOptions(select, 'Client B');
    const campaign = screen.getByLabelText('Campaign') as HTMLSelectElement;
    await waitFor(() => expect([...campaign.options].map((o) => o.text)).toContain('B launch'));
    // The late answer arrives: its handling is a chain of promise steps, all run before these do.
    await act(async () => {
      releaseA();
      for (let i = 0; i < 50; i++) await Promise.resolve();
    });
    expect([...campaign.options].map((o) => o.text)).not.toContain('Late A');
    expect([...campaign.options].map((o) => o.text)).toContain('B launch');
  });
});
