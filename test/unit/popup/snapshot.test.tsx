import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { cacheItem, connectionItem, connectionStateItem, settingsItem } from '@/lib/storage';
import { linkRulesItem } from '@/lib/storage/linkRules';
import { SNAPSHOT_KEYS, snapshotOf } from '@/lib/ui/popup/snapshot';
import { CACHE_TTL_MS } from '@/lib/storage/cachePolicy';
import { answer, CAMPAIGNS, DOMAINS, FREE, SETTINGS } from './harness';

const askMock = vi.mocked(ask);

const FP = 'abc123';
const NOW = 1_800_000_000_000;

/** Storage as the worker leaves it after a warm open: state, preferences, the account's cache. */
async function warmStorage(over: { fingerprint?: string; fetchedAt?: number } = {}) {
  const fetchedAt = over.fetchedAt ?? Date.now();
  await connectionItem.setValue({ serviceUrl: 'http://127.0.0.1:8787', apiKey: 'secret-key-1234' });
  await connectionStateItem.setValue({ connected: true, fingerprint: FP });
  await settingsItem.setValue({ ...SETTINGS, lastDomainId: 9, lastCampaignId: 4 });
  await cacheItem.setValue({
    fingerprint: over.fingerprint ?? FP,
    account: { value: FREE, fetchedAt },
    lists: { domains: { value: DOMAINS, fetchedAt }, campaigns: { value: CAMPAIGNS, fetchedAt }, channels: { value: [], fetchedAt } },
  });
}

const asked = () => askMock.mock.calls.map((c) => (c[0] === 'getList' ? `getList:${(c[1] as { name: string }).name}` : c[0]));

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the popup’s storage snapshot', () => {
  it('names the same storage items as lib/storage, and never the one holding the key', () => {
    expect(`local:${SNAPSHOT_KEYS.state}`).toBe(connectionStateItem.key);
    expect(`local:${SNAPSHOT_KEYS.settings}`).toBe(settingsItem.key);
    expect(`local:${SNAPSHOT_KEYS.cache}`).toBe(cacheItem.key);
    expect(`local:${SNAPSHOT_KEYS.linkRules}`).toBe(linkRulesItem.key);
    expect(Object.values(SNAPSHOT_KEYS).map((k) => `local:${k}`)).not.toContain(connectionItem.key);
  });

  it('uses the cache only when it belongs to the connected account, and says when it is stale', () => {
    const entry = (fetchedAt: number) => ({ value: DOMAINS, fetchedAt });
    const raw = (fingerprint: string, fetchedAt: number) => ({
      connectionState: { connected: true, fingerprint: FP },
      cache: { fingerprint, lists: { domains: entry(fetchedAt) }, account: { value: FREE, fetchedAt } },
    });
    expect(snapshotOf(raw(FP, NOW), NOW).domains).toEqual({ value: DOMAINS, stale: false });
    expect(snapshotOf(raw(FP, NOW - CACHE_TTL_MS - 1), NOW).domains?.stale).toBe(true);
    const other = snapshotOf(raw('another-account', NOW), NOW);
    expect([other.domains, other.account, other.campaigns]).toEqual([null, null, null]);
    const loggedOut = snapshotOf({ connectionState: { connected: false, fingerprint: null }, cache: raw(FP, NOW).cache }, NOW);
    expect(loggedOut.account).toBeNull();
    expect(snapshotOf({ cache: 'garbage', settings: 7 }, NOW)).toEqual({
      state: null,
      settings: null,
      domains: null,
      campaigns: null,
      channels: null,
      account: null,
      linkRules: null,
    });
  });

  it('fills the form from storage without asking the worker for lists, account or preferences', async () => {
    await warmStorage();
    const get = vi.spyOn(browser.storage.local, 'get');
    answer(askMock, { history: [] });
    render(<App />);
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    await waitFor(() => expect(domain).toHaveProperty('value', '9'));
    expect(within(domain).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveProperty('value', '4');
    await waitFor(() => expect(asked()).toContain('getHistory'));
    expect(asked()).not.toEqual(expect.arrayContaining(['getList:domains']));
    expect(asked().filter((a) => a.startsWith('getList') || a === 'getAccount' || a === 'getSettings')).toEqual([]);
    // One read before the first render (the state is read again once the worker has answered),
    // and never of the item holding the key.
    const reads = get.mock.calls.map((c) => c[0]);
    expect(reads[0]).toEqual(['connectionState', 'settings', 'cache', 'linkRules', 'policy']);
    expect(JSON.stringify(reads)).not.toMatch(/"connection"/);
  });

  it('asks the worker for a cache of another account (the key was replaced) and for stale lists', async () => {
    await warmStorage({ fingerprint: 'old-account' });
    answer(askMock);
    render(<App />);
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(['getList:domains', 'getList:campaigns', 'getAccount'])));
    fakeBrowser.reset();
    askMock.mockReset();
    cleanup();
    await warmStorage({ fetchedAt: Date.now() - CACHE_TTL_MS - 1000 });
    answer(askMock);
    render(<App />);
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(['getList:domains', 'getList:campaigns', 'getAccount'])));
  });

  it('replaces a cache shown for another account once the worker has told the connection', async () => {
    await warmStorage();
    answer(askMock, {
      domains: [{ id: 11, domain: 'new.example', redirectroot: '', redirect404: '' }],
    });
    // The worker answers getConnection after having written the state of a new key.
    const base = askMock.getMockImplementation()!;
    askMock.mockImplementation(async (type: string, data?: unknown) => {
      if (type === 'getConnection') await connectionStateItem.setValue({ connected: true, fingerprint: 'new-account' });
      return base(type as never, data as never);
    });
    render(<App />);
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    await waitFor(() =>
      expect(
        within(domain)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Default domain', 'new.example']),
    );
  });

  it('shows the way to the options at once when storage says no key is saved', async () => {
    await connectionStateItem.setValue({ connected: false, fingerprint: null });
    answer(askMock, { connected: false });
    render(<App />);
    expect(await screen.findByRole('button', { name: /options/i })).toBeTruthy();
    await waitFor(() => expect(asked()).toContain('getConnection'));
    expect(asked().filter((a) => a.startsWith('getList') || a === 'getAccount')).toEqual([]);
  });
});
