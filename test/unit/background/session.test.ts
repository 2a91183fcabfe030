import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CONNECTION_REUSE_MS, SessionHolder } from '@/lib/background/session';
import { budgetsItem, connectionItem } from '@/lib/storage';
import { connectionsItem } from '@/lib/storage/connections';

const holder = () => new SessionHolder({ fetch: async () => new Response('{}'), now: Date.now });

describe('the session of the stored connection', () => {
  beforeEach(() => fakeBrowser.reset());

  it('serves a burst of presses from one read of the connection, all with the same account', async () => {
    await connectionItem.setValue({ serviceUrl: 'http://127.0.0.1:1', apiKey: 'key-a' });
    const sessions = holder();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const all = await Promise.all(Array.from({ length: 60 }, () => sessions.require()));
    const connectionReads = get.mock.calls.filter((c) => JSON.stringify(c).includes('connection')).length;
    expect(connectionReads).toBe(1);
    expect(new Set(all.map((s) => s.fingerprint)).size).toBe(1);
  });

  it('at the worker’s start, reads the budgets and the cache beside the connection, not after it', async () => {
    await connectionItem.setValue({ serviceUrl: 'http://127.0.0.1:1', apiKey: 'key-a' });
    await budgetsItem.setValue({});
    const sessions = holder();
    // The connection's answer is held: the budgets and the cache are asked for meanwhile.
    const real = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation((async (keys: never) => {
      if (JSON.stringify(keys).includes('connection')) await held;
      return real(keys);
    }) as never);
    const session = sessions.require();
    await vi.waitFor(() => {
      const asked = JSON.stringify(get.mock.calls);
      expect(asked).toContain('budgets');
      expect(asked).toContain('cache');
    });
    release();
    expect((await session).connection.apiKey).toBe('key-a');
    get.mockRestore();
    // A session built later (another account) reads them itself.
    await connectionItem.setValue({ serviceUrl: 'http://127.0.0.1:1', apiKey: 'key-b' });
    await sessions.reset();
    expect((await sessions.require()).connection.apiKey).toBe('key-b');
  });

  it('uses a key saved by the worker at once, and one written elsewhere a moment later', async () => {
    await connectionItem.setValue({ serviceUrl: 'http://127.0.0.1:1', apiKey: 'key-a' });
    const sessions = holder();
    const a = await sessions.require();
    // The worker saves a connection and calls reset(): the next shorten uses the new key.
    await connectionItem.setValue({ serviceUrl: 'http://127.0.0.1:1', apiKey: 'key-b' });
    await sessions.reset();
    const b = await sessions.require();
    expect(b.connection.apiKey).toBe('key-b');
    expect(b.fingerprint).not.toBe(a.fingerprint);
    // The worker forgets the key: no caller may use it again, not even within the reuse time.
    await sessions.require();
    sessions.adopt({ serviceUrl: 'http://127.0.0.1:1', apiKey: '' });
    await expect(sessions.require()).rejects.toMatchObject({ reason: 'not-connected' });
    await connectionItem.setValue({ serviceUrl: 'http://127.0.0.1:1', apiKey: 'key-b' });
    await sessions.reset();
    // Written by another page (not through the worker): seen once the reused read is old.
    await connectionItem.setValue(null);
    await new Promise((r) => setTimeout(r, CONNECTION_REUSE_MS + 20));
    await expect(sessions.require()).rejects.toMatchObject({ reason: 'not-connected' });
  });
});

describe('each connection spends its own budgets', () => {
  beforeEach(() => fakeBrowser.reset());
  const A = { serviceUrl: 'http://127.0.0.1:1', apiKey: 'key-a' };
  const B = { serviceUrl: 'http://127.0.0.1:2', apiKey: 'key-b' };
  const waitFor = (cond: () => Promise<boolean>) => vi.waitFor(async () => expect(await cond()).toBe(true));

  it('a saved connection that is not current keeps its own session and budget; a new worker finds both budgets', async () => {
    await connectionItem.setValue(A);
    await connectionsItem.setValue([B]);
    const sessions = holder();
    const a = await sessions.require();
    const told = (remaining: number) => ({ limit: 100, remaining, resetAt: Date.now() + 60_000 });
    a.gate.budgets.take('shorten');
    a.gate.budgets.observe('shorten', told(40), 200);
    const b = await sessions.forAccount((await sessions.build(B, false)).fingerprint);
    expect(b).not.toBeNull();
    b!.gate.budgets.take('shorten');
    b!.gate.budgets.observe('shorten', told(90), 200);
    expect(a.gate.budgets.state('shorten').remaining).toBe(40);
    expect(b!.gate.budgets.state('shorten').remaining).toBe(90);
    await waitFor(async () => Object.keys(await budgetsItem.getValue()).length === 2);

    // Switched: A's session goes on for its jobs (same budget), B's is the current one.
    await connectionsItem.setValue([A]);
    await connectionItem.setValue(B);
    await sessions.reset();
    expect((await sessions.require()).fingerprint).toBe(b!.fingerprint);
    expect(await sessions.forAccount(a.fingerprint)).toBe(a);

    const restarted = holder();
    const again = await restarted.forAccount(a.fingerprint);
    expect(again!.gate.budgets.state('shorten').remaining).toBe(40);
    expect((await restarted.require()).gate.budgets.state('shorten').remaining).toBe(90);
  });

  it('a connection no longer saved has no session for its jobs', async () => {
    await connectionItem.setValue(A);
    const sessions = holder();
    const a = await sessions.require();
    await connectionItem.setValue(B); // replaced, not kept among the saved ones
    await sessions.reset();
    expect(await sessions.forAccount(a.fingerprint)).toBeNull();
  });
});
