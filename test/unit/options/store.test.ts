import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manyChannels, withFakeWorker } from '../support/fakeWorker';
import { createOptionsStore, type OptionsStore } from '@/lib/ui/options/store';
import { ask } from '@/lib/messaging';

const worker = withFakeWorker();
let options: OptionsStore;
const store = () => options.getState();
beforeEach(() => {
  options = createOptionsStore();
});
afterEach(() => {
  options.getState().dispose();
  vi.useRealTimers();
});

describe('the options store', () => {
  it('starts once: connection and settings, then the account and every list from the cache', async () => {
    await Promise.all([store().start(), store().start()]);
    expect(worker.sent('getConnection')).toHaveLength(1);
    await vi.waitFor(() => expect(worker.sent('getList')).toHaveLength(7));
    expect(worker.sent('getAccount')).toEqual([{ refresh: false }]);
    await vi.waitFor(() => expect(store().lists.splash.items).toEqual([]));
  });

  it('asks again while the worker says a list is stale (it refreshes in the background)', async () => {
    vi.useFakeTimers();
    let answers = 0;
    worker.override.getList = (d) => {
      const { name } = d as { name: 'channels' };
      if (name !== 'channels') return { value: [], fetchedAt: 1, stale: false };
      answers++;
      return answers === 1 ? { value: manyChannels(2), fetchedAt: 1, stale: true } : { value: manyChannels(3), fetchedAt: 2, stale: false };
    };
    await store().loadList('channels');
    expect(store().lists.channels.items).toHaveLength(2);
    expect(store().lists.channels.stale).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(store().lists.channels.items).toHaveLength(3);
    expect(store().lists.channels.stale).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answers).toBe(2);
  });

  it('ignores answers that arrive after the key was forgotten', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    worker.lists.channels = manyChannels(5);
    worker.override.getList = async (d) => {
      await gate;
      return { value: worker.lists[(d as { name: 'channels' }).name], fetchedAt: 1, stale: false };
    };
    const loading = store().loadList('channels');
    delete worker.override.getList;
    await store().forgetKey();
    release();
    await loading;
    expect(store().lists.channels.items).toBeNull();
    expect(store().connection?.connected).toBe(false);
  });

  it('a mutation reloads the list it touched; its failure reaches the caller as the error data', async () => {
    await store().mutate({ op: 'addChannel', args: [{ name: 'New' }] }, 'channels');
    expect(store().lists.channels.items?.map((c) => c.name)).toEqual(['New']);
    worker.override.mutate = () => {
      throw { kind: 'forbidden', message: 'Upgrade to pro' };
    };
    await expect(store().mutate({ op: 'deleteChannel', args: [1] }, 'channels')).rejects.toEqual({
      kind: 'forbidden',
      message: 'Upgrade to pro',
    });
  });

  it('saving a connection replaces the account data and loads the lists of the new one', async () => {
    worker.disconnected();
    await store().start();
    expect(worker.sent('getList')).toEqual([]);
    const account = await store().saveConnection('http://127.0.0.1:8787', 'key-1234');
    expect(account.email).toBe('demo@example.com');
    expect(store().connection).toEqual({ connected: true, serviceUrl: 'http://127.0.0.1:8787', keyHint: '1234' });
    await vi.waitFor(() => expect(worker.sent('getList')).toHaveLength(7));
    // The store never holds the key.
    expect(JSON.stringify(store())).not.toContain('key-1234');
  });
});

describe('the options page and a switch made in another window', () => {
  it('a change names the account shown; refused for another account, the page shows the current one', async () => {
    worker.connection = { ...worker.connection, fingerprint: 'fp-a' };
    await store().start();
    const sentAccounts: unknown[] = [];
    worker.override.mutate = (d) => {
      sentAccounts.push((d as { account?: string }).account);
      worker.connection = { ...worker.connection, fingerprint: 'fp-b', name: 'Client B' };
      throw { kind: 'invalid-input', reason: 'account-switched', message: 'Another account is current now.' };
    };
    await expect(store().mutate({ op: 'addCampaign', args: [{ name: 'x' }] } as never, 'campaigns')).rejects.toMatchObject({
      reason: 'account-switched',
    });
    expect(sentAccounts).toEqual(['fp-a']);
    await vi.waitFor(() => expect(store().connection?.name).toBe('Client B'));
  });

  it('follows a switch that storage tells of, once, and not its own account', async () => {
    let tell: (fp: string | null) => void = () => {};
    options = createOptionsStore({
      ask: ((...a: unknown[]) => (ask as (...x: unknown[]) => unknown)(...a)) as never,
      watchAccount: (cb) => ((tell = cb), () => {}),
      staleRecheckMs: 2000,
      staleRechecks: 5,
      rateWaitPollMs: 1000,
    });
    worker.connection = { ...worker.connection, fingerprint: 'fp-a' };
    await store().start();
    const asked = worker.sent('getConnection').length;
    tell('fp-a'); // the page's own account: nothing to do
    expect(worker.sent('getConnection')).toHaveLength(asked);
    worker.connection = { ...worker.connection, fingerprint: 'fp-b', name: 'Client B' };
    tell('fp-b');
    await vi.waitFor(() => expect(store().connection?.name).toBe('Client B'));
    await vi.waitFor(() => expect(worker.sent('getList').length).toBeGreaterThanOrEqual(14)); // the lists of the account now shown
  });

  it('asks for its list of connections again when another window changes the current account (which one is "Current" changed)', async () => {
    let tell: (fp: string | null) => void = () => {};
    options = createOptionsStore({
      ask: ((...a: unknown[]) => (ask as (...x: unknown[]) => unknown)(...a)) as never,
      watchAccount: (cb) => ((tell = cb), () => {}),
      staleRecheckMs: 2000,
      staleRechecks: 5,
      rateWaitPollMs: 1000,
    });
    worker.connection = { ...worker.connection, fingerprint: 'fp-a' };
    await store().start();
    await vi.waitFor(() => expect(worker.sent('listConnections').length).toBeGreaterThanOrEqual(1));
    const listed = worker.sent('listConnections').length;
    worker.connection = { ...worker.connection, fingerprint: 'fp-b', name: 'Client B' };
    tell('fp-b');
    await vi.waitFor(() => expect(worker.sent('listConnections').length).toBe(listed + 1));
  });
});
