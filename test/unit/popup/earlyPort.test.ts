// The popup wakes the worker before its first render only when its cache lacks what the form
// shows: a warm popup opens without starting a stopped worker beside it.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ connects: 0 }));
vi.mock('@wxt-dev/browser', () => ({
  browser: {
    runtime: {
      connect: () => (
        api.connects++,
        { onMessage: { addListener() {} }, onDisconnect: { addListener() {} }, postMessage() {}, disconnect() {} }
      ),
    },
    storage: { local: { get: () => Promise.resolve({}) } },
    tabs: { query: () => Promise.resolve([]) },
  },
}));

const { createPopupStore } = await import('@/lib/ui/popup/store');

const fresh = (value: unknown) => ({ value, fetchedAt: Date.now() });
const state = { connected: true, fingerprint: 'fp' };
const warmCache = {
  fingerprint: 'fp',
  account: fresh({ id: 1, status: 'pro' }),
  lists: { domains: fresh([]), campaigns: fresh([]), channels: fresh([]) },
};

/** Primes a new popup store with `raw` as storage's answer; how many ports it opened. */
async function primeWith(raw: Record<string, unknown>): Promise<number> {
  api.connects = 0;
  const page = Promise.resolve({ url: 'https://example.org/', title: null, incognito: false });
  await createPopupStore()
    .getState()
    .prime({ items: Promise.resolve(raw), page, head: Promise.resolve(null) });
  return api.connects;
}

beforeEach(() => {
  api.connects = 0;
});

describe('waking the worker as the popup opens', () => {
  it('a warm cache: no port before the first render', async () => {
    expect(await primeWith({ connectionState: state, cache: warmCache })).toBe(0);
  });

  it('an empty or stale cache, or one storage could not give: the port opens before the first render', async () => {
    expect(await primeWith({ connectionState: state })).toBe(1);
    const stale = { ...warmCache, lists: { ...warmCache.lists, campaigns: { value: [], fetchedAt: 1 } } };
    expect(await primeWith({ connectionState: state, cache: stale })).toBe(1);
    expect(await primeWith({})).toBe(1);
  });

  it('not connected: nothing to load, no port', async () => {
    expect(await primeWith({ connectionState: { connected: false, fingerprint: null } })).toBe(0);
  });
});
