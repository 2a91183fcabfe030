import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addToHistory } from '@/lib/background/history';
import { keptInHistory } from '@/lib/links/keptInHistory';
import { JobQueue } from '@/lib/background/jobs';
import { historyItem, queueItem, settingsItem, type HistoryEntry, type Job } from '@/lib/storage';

const entry = (id: string, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  longUrl: `https://example.org/${id}`,
  shortUrl: `https://sho.rt/${id}`,
  shortCode: id,
  linkId: 1,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: 0,
  service: 'http://127.0.0.1',
  account: 'fp',
  ...over,
});
const SECRET = 'https://secret.example/medical?q=private';
const fields = (priv: boolean) => ({
  kind: 'shorten' as const,
  source: 'context-page' as const,
  priority: 'interactive' as const,
  fingerprint: 'fp',
  notify: true,
  args: { url: SECRET, domainId: null, campaignId: null, title: 'A private page', ...(priv ? { private: true } : {}) },
});

describe('links made from a private window', () => {
  beforeEach(() => fakeBrowser.reset());

  it('the rule: kept only with history on and, for a private window, only when the user allows it', () => {
    expect(keptInHistory({ keepHistory: true, keepPrivateHistory: false }, false)).toBe(true);
    expect(keptInHistory({ keepHistory: true, keepPrivateHistory: false }, true)).toBe(false);
    expect(keptInHistory({ keepHistory: true, keepPrivateHistory: true }, true)).toBe(true);
    expect(keptInHistory({ keepHistory: false, keepPrivateHistory: true }, true)).toBe(false);
    expect(keptInHistory({ keepHistory: false, keepPrivateHistory: false }, false)).toBe(false);
  });

  it('are not kept in Recent links by default; kept when the preference allows it', async () => {
    await Promise.all([addToHistory(entry('normal')), addToHistory(entry('secret'), true)]);
    expect((await historyItem.getValue()).map((e) => e.id)).toEqual(['normal']);
    await settingsItem.setValue({ ...(await settingsItem.getValue()), keepPrivateHistory: true });
    await addToHistory(entry('allowed'), true);
    expect((await historyItem.getValue()).map((e) => e.id)).toEqual(['allowed', 'normal']);
  });

  it('the queue drops the long address and title of a private job once it settles, and tells the user with them', async () => {
    const told: Job[] = [];
    const q = new JobQueue({
      run: async (job) => entry(job.id, { longUrl: job.args.url, title: job.args.title }),
      wakeAt: () => {},
    });
    q.events.on('tell', ({ job }) => void told.push(job));
    const priv = await q.add(fields(true));
    const normal = await q.add(fields(false));
    const [settled] = await Promise.all([q.waitFor(priv.id, 2000), q.waitFor(normal.id, 2000)]);
    // The page waiting for it gets the whole link (in memory)…
    expect(settled?.result?.longUrl).toBe(SECRET);
    expect(told.find((j) => j.id === priv.id)?.result?.title).toBe('A private page');
    // …storage keeps the short link only.
    const stored = await queueItem.getValue();
    const kept = stored.find((j) => j.id === priv.id)!;
    expect(kept.result?.shortUrl).toBe(`https://sho.rt/${priv.id}`);
    expect(JSON.stringify(kept)).not.toContain('secret.example');
    expect(JSON.stringify(kept)).not.toContain('A private page');
    expect(stored.find((j) => j.id === normal.id)?.args.url).toBe(SECRET);
  });

  it('the address leaves storage as soon as the link is made, while the job still runs; those told of it get it whole', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const made: Job[] = [];
    const q = new JobQueue({
      run: async (job, { checkpoint, events }) => {
        const e = entry(job.id, { longUrl: job.args.url, title: job.args.title });
        await checkpoint({ shortened: { shortUrl: e.shortUrl, shortCode: e.shortCode, linkId: 1 }, result: e });
        await events.emit('made', { job, entry: e });
        await held; // the campaign and the channel still being assigned
        return e;
      },
      wakeAt: () => {},
    });
    let bothMade = () => {};
    const both = new Promise<void>((r) => (bothMade = r));
    q.events.on('made', async ({ job }) => {
      made.push((await q.get(job.id))!);
      if (made.length === 2) bothMade();
    });
    const priv = await q.add(fields(true));
    const normal = await q.add(fields(false));
    await both;
    const stored = await queueItem.getValue();
    expect(stored.find((j) => j.id === priv.id)?.state).toBe('pending');
    expect(JSON.stringify(stored.find((j) => j.id === priv.id))).not.toContain('secret.example');
    expect(JSON.stringify(stored.find((j) => j.id === priv.id))).not.toContain('A private page');
    expect(stored.find((j) => j.id === normal.id)?.args.url).toBe(SECRET);
    expect(made.find((j) => j.id === priv.id)?.args.url).toBe(SECRET);
    expect((await q.get(priv.id))?.result?.title).toBe('A private page');
    release();
    expect((await q.waitFor(priv.id, 2000))?.result?.longUrl).toBe(SECRET);
  });

  it('a private job that fails for good leaves no address either', async () => {
    const q = new JobQueue({
      run: async () => {
        throw new Error('refused');
      },
      wakeAt: () => {},
      maxAttempts: 1,
    });
    const job = await q.add(fields(true));
    expect((await q.waitFor(job.id, 2000))?.state).toBe('failed');
    expect(JSON.stringify(await queueItem.getValue())).not.toContain('secret.example');
  });
});
