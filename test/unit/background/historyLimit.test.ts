// "Keep recent links": the limit holds on every read and write; near storage.local's quota the
// oldest links go first and neither a link nor a job is refused for room.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addToHistory, historyOf, readStoredHistory } from '@/lib/background/history';
import { saveSettings } from '@/lib/background/settings';
import { JobQueue } from '@/lib/background/jobs';
import { historyItem, queueItem, type HistoryEntry } from '@/lib/storage';

const SERVICE = 'https://svc.example';
const entry = (id: string): HistoryEntry => ({
  id,
  longUrl: `https://example.org/articles/${id}?ref=newsletter`,
  shortUrl: `https://sho.rt/${id}`,
  shortCode: id,
  linkId: 1,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: 0,
  service: SERVICE,
  account: 'fp',
  title: 'An article of some length',
});
const seeded = (n: number) => Array.from({ length: n }, (_, i) => entry(`e${i}`));

/** Makes storage refuse writes past `quota` bytes in all (as Chrome does, with its message). */
function withQuota(quota: number) {
  const local = fakeBrowser.storage.local;
  const set = local.set.bind(local);
  vi.spyOn(local, 'set').mockImplementation(async (items: Record<string, unknown>) => {
    const all = { ...(await local.get(null)), ...items };
    const bytes = Object.entries(all).reduce((n, [k, v]) => n + k.length + JSON.stringify(v).length, 0);
    if (bytes > quota) throw new Error('Resource::kQuotaBytes quota exceeded');
    return set(items);
  });
}

describe('Keep recent links', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.restoreAllMocks());

  it('keeps 5,000 by default and applies the limit on every read, storing the list cut', async () => {
    await historyItem.setValue(seeded(6000));
    expect(await historyOf(SERVICE, 'fp')).toHaveLength(5000);
    await vi.waitFor(async () => expect(await readStoredHistory()).toHaveLength(5000));
    await saveSettings({ historyLimit: 200 });
    expect(await readStoredHistory()).toHaveLength(200);
    await addToHistory(entry('new'));
    const list = await historyOf(SERVICE, 'fp');
    expect(list).toHaveLength(200);
    expect(list[0]!.id).toBe('new');
    await expect(saveSettings({ historyLimit: 300 as never })).rejects.toMatchObject({ field: 'historyLimit' });
  });

  it('near the quota the oldest go first: a link is still kept, and a job is never dropped', async () => {
    const bytesPerEntry = JSON.stringify(entry('e1000')).length;
    expect(bytesPerEntry).toBeLessThan(400);
    await historyItem.setValue(seeded(1000));
    withQuota(JSON.stringify(await fakeBrowser.storage.local.get(null)).length + 100); // full: one more link does not fit
    await addToHistory(entry('newest'));
    const list = await readStoredHistory();
    expect(list[0]!.id).toBe('newest');
    expect(list.length).toBeLessThan(1000);
    expect(list.at(-1)!.id).toBe(`e${list.length - 2}`); // the oldest went
    // Full again; the queue needs room: Recent links make it.
    vi.restoreAllMocks();
    withQuota(JSON.stringify(await fakeBrowser.storage.local.get(null)).length + 100);
    const q = new JobQueue({ run: () => new Promise(() => {}), wakeAt: () => {} });
    const big = { url: `https://example.org/${'x'.repeat(8000)}`, domainId: null, campaignId: null };
    const job = await q.add({ kind: 'shorten', source: 'popup', args: big, priority: 'interactive', fingerprint: 'fp', notify: false });
    // The job starts once its write is asked; the write lands after Recent links made room.
    await vi.waitFor(async () => expect((await queueItem.getValue()).map((j) => j.id)).toContain(job.id));
    expect((await readStoredHistory()).length).toBeLessThan(list.length);
  });
});
