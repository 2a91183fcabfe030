import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  addToHistory,
  checkRecentHead,
  clearHistory,
  followHistoryWrites,
  historyOf,
  readStoredHistory,
  removeFromHistory,
} from '@/lib/background/history';
import { RECENT_HEAD, recentHeadItem } from '@/lib/storage/recentHead';
import { historyItem, settingsItem, type HistoryEntry } from '@/lib/storage';

const entry = (id: string, shortCode = id): HistoryEntry => ({
  id,
  longUrl: `https://example.org/${id}`,
  shortUrl: `https://sho.rt/${shortCode}`,
  shortCode,
  linkId: 1,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: 0,
  service: 'http://127.0.0.1',
  account: 'fp',
});

describe('the history of made links', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    followHistoryWrites(fakeBrowser.storage.onChanged as never);
  });

  it('keeps every link of a burst, newest first, each once', async () => {
    await addToHistory(entry('old'));
    // A queue's window settles many jobs at once; one of them is reported twice.
    await Promise.all([...Array.from({ length: 20 }, (_, i) => addToHistory(entry(`j${i}`))), addToHistory(entry('j3', 'again'))]);
    const list = await historyItem.getValue();
    expect(list.map((e) => e.id)).toEqual(['j3', ...Array.from({ length: 20 }, (_, i) => `j${19 - i}`).filter((id) => id !== 'j3'), 'old']);
    expect(list[0]!.shortCode).toBe('again');
  });

  it('keeps nothing when the user turned history off, and empties on request', async () => {
    await addToHistory(entry('a'));
    await clearHistory();
    expect(await historyItem.getValue()).toEqual([]);
    await settingsItem.setValue({ ...(await settingsItem.getValue()), keepHistory: false });
    await Promise.all([addToHistory(entry('b')), addToHistory(entry('c'))]);
    expect(await historyItem.getValue()).toEqual([]);
  });

  it('keeps the head the popup draws first in step with the list: each change, and a list written by something else once read', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => addToHistory(entry(`e${i}`))));
    let head = await recentHeadItem.getValue();
    expect(head?.total).toBe(40);
    expect(head?.entries.map((e) => e.id)).toEqual((await historyItem.getValue()).slice(0, RECENT_HEAD).map((e) => e.id));
    await removeFromHistory('e39');
    expect((await recentHeadItem.getValue())?.entries[0]?.id).toBe('e38');
    await clearHistory();
    expect(await recentHeadItem.getValue()).toEqual({ entries: [], total: 0 });
    // Seeded without the worker (an install from before the head): the next read mends it.
    await historyItem.setValue([entry('s1'), entry('s2')]);
    await historyOf('http://127.0.0.1', 'fp');
    await expect.poll(async () => (head = await recentHeadItem.getValue())?.total).toBe(2);
    expect(head?.entries.map((e) => e.id)).toEqual(['s1', 's2']);
  });

  it("writes a new install's head at install: the first read a batch or a press waits for writes nothing", async () => {
    expect((await fakeBrowser.storage.local.get('recentHead')).recentHead).toBeUndefined();
    await checkRecentHead();
    await expect.poll(() => recentHeadItem.getValue()).toEqual({ entries: [], total: 0 });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await historyOf('http://127.0.0.1', 'fp')).toEqual([]);
    // A mend would be queued behind the first read: the second read comes after it.
    await historyOf('http://127.0.0.1', 'fp');
    expect(set).not.toHaveBeenCalled();
    set.mockRestore();
  });

  it('a list written by something else while the worker runs gets its head at once (a popup reads only the head)', async () => {
    await Promise.all(Array.from({ length: 3 }, (_, i) => addToHistory(entry(`m${i}`))));
    expect((await recentHeadItem.getValue())?.total).toBe(3);
    // Nothing asks for the list afterwards: the worker's own follow of storage mends the head.
    await fakeBrowser.storage.local.set({ history: Array.from({ length: 50 }, (_, i) => entry(`w${i}`)) });
    await expect.poll(async () => (await recentHeadItem.getValue())?.total).toBe(50);
    expect((await recentHeadItem.getValue())?.entries[0]?.id).toBe('w0');
    // A fresh worker that never read the list hears of a write too.
    await fakeBrowser.storage.local.set({ history: [entry('z1')] });
    await expect.poll(async () => (await recentHeadItem.getValue())?.total).toBe(1);
  });

  it('reads the whole list again only when something else wrote it: an open of the popup reads the head', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => addToHistory(entry(`k${i}`))));
    await historyOf('http://127.0.0.1', 'fp');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const readsOfList = () => get.mock.calls.filter((c) => JSON.stringify(c[0]).includes('"history"') || c[0] === 'history').length;
    expect((await historyOf('http://127.0.0.1', 'fp')).map((e) => e.id).slice(0, 2)).toEqual(['k39', 'k38']);
    expect((await historyOf('http://127.0.0.1', 'fp')).length).toBe(40);
    expect(readsOfList()).toBe(0);
    // A link made by the worker: known without a read.
    await addToHistory(entry('new'));
    const before = readsOfList();
    expect((await historyOf('http://127.0.0.1', 'fp'))[0]?.id).toBe('new');
    expect(readsOfList()).toBe(before);
    // Written by something else (same head length, another list): read again.
    await fakeBrowser.storage.local.set({ history: [entry('x1'), entry('x2')] });
    expect((await historyOf('http://127.0.0.1', 'fp')).map((e) => e.id)).toEqual(['x1', 'x2']);
    expect(readsOfList()).toBeGreaterThan(before);
    get.mockRestore();
  });

  it('a new link rewrites only the newest links, not the whole list; an install with every link in one part is split at its first change, losing none', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => entry(`s${i}`));
    await historyItem.setValue(many); // as an earlier version stored them
    await addToHistory(entry('first'));
    const all = await readStoredHistory();
    expect(all).toHaveLength(3001);
    expect(all.map((e) => e.id).slice(0, 3)).toEqual(['first', 's0', 's1']);
    expect(all.at(-1)?.id).toBe('s2999');
    expect((await historyItem.getValue()).length).toBeLessThanOrEqual(200);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await addToHistory(entry('second'));
    const written = set.mock.calls.map((c) => Object.keys(c[0] as object)).flat();
    expect(written).toContain('history');
    expect(written).not.toContain('historyOlder');
    expect((await historyOf('http://127.0.0.1', 'fp')).map((e) => e.id).slice(0, 3)).toEqual(['second', 'first', 's0']);
    // A hundred more move the oldest of the newest to the older part: nothing lost, in order.
    for (let i = 0; i < 150; i++) await addToHistory(entry(`n${i}`));
    const after = await readStoredHistory();
    expect(after).toHaveLength(3152);
    expect(new Set(after.map((e) => e.id)).size).toBe(3152);
    expect(after.map((e) => e.id).slice(0, 2)).toEqual(['n149', 'n148']);
    expect((await historyItem.getValue()).length).toBeLessThanOrEqual(200);
    // A link deleted among the older ones.
    await removeFromHistory('s10');
    expect((await readStoredHistory()).map((e) => e.id)).not.toContain('s10');
    set.mockRestore();
  });
});
