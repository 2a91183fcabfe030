import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CONNECTION_REUSE_MS, SessionHolder } from '@/lib/background/session';
import { connectionItem } from '@/lib/storage';

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
