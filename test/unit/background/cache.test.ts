import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ResourceCache } from '@/lib/background/cache';
import { cacheItem } from '@/lib/storage';

describe('the cache of lists', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers a loaded list without waiting for storage, which then holds it (lists landing together in one write)', async () => {
    const real = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((async (items: never) => {
      await held;
      return real(items);
    }) as never);
    const cache = new ResourceCache('fp-a', Date.now, 60_000, true, null);
    const domains = await cache.get('domains', async () => [{ id: 1 }]);
    const channels = await cache.get('channels', async () => [{ id: 2 }]);
    // Both answered while the first write is still held; served again from memory, with no load.
    expect(domains.value).toEqual([{ id: 1 }]);
    expect(channels.value).toEqual([{ id: 2 }]);
    const load = vi.fn(async () => [{ id: 9 }]);
    expect((await cache.get('domains', load)).value).toEqual([{ id: 1 }]);
    expect(load).not.toHaveBeenCalled();
    // The write starts a task after the answers (they leave first), and stores both lists at once.
    expect(set).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(set).toHaveBeenCalled());
    release();
    await vi.waitFor(async () =>
      expect((await cacheItem.getValue())?.lists).toMatchObject({ domains: { value: [{ id: 1 }] }, channels: { value: [{ id: 2 }] } }),
    );
    expect(set.mock.calls.filter(([items]) => 'cache' in (items as object))).toHaveLength(1);
    set.mockRestore();
  });

  it('a list loaded just before its account is switched away from is in storage for the switch back', async () => {
    const cache = new ResourceCache('fp-a', Date.now, 60_000, true, null);
    await cache.get('campaigns', async () => [{ id: 7 }]);
    // Switched at once: the write the answer asked for (a task later) is not skipped.
    await cache.detach();
    expect((await cacheItem.getValue())?.lists.campaigns?.value).toEqual([{ id: 7 }]);
  });

  it('a list stored after the cache was emptied is kept; one stored before is gone', async () => {
    const cache = new ResourceCache('fp-a', Date.now, 60_000, true, null);
    void cache.put('pixels', [{ id: 3 }]);
    const cleared = cache.clear();
    await cache.put('qrs', [{ id: 4 }]);
    await cleared;
    expect(await cache.peek('pixels')).toBeUndefined();
    expect((await cacheItem.getValue())?.lists).toEqual({ qrs: expect.objectContaining({ value: [{ id: 4 }] }) });
  });
});
