// One round trip per press, in the worker against the sandbox over real HTTP: a press is
// answered when the short link is made; its campaign waits for a spent main budget in the
// persisted queue; the menu's notification and copy come with the link, once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { historyItem, queueItem, settingsItem, DEFAULT_SETTINGS } from '@/lib/storage';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { recentHeadItem } from '@/lib/storage/recentHead';
import { makeService } from './makeService';

let sb: Sandbox;
afterEach(() => sb.close());

describe('a press while the main budget is spent', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    // One main request in 3 s: saving the connection spends it.
    sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1, mainWindowMs: 3000, rateWindow: 'first-request' });
  });

  it('shows the link at once; the campaign waits in the stored queue and is added when the budget allows', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const campaign = sb.state.forKey(sb.key).campaigns[0]!;
    const from = Date.now();
    const out = await service.shortening.shorten({ url: 'https://example.org/spent', domainId: null, campaignId: campaign.id });
    expect(Date.now() - from).toBeLessThan(1000);
    if (out.status !== 'done' || !out.jobId) throw new Error(`not shown at once: ${JSON.stringify(out)}`);
    expect(out.entry.campaign).toEqual({ state: 'pending', campaignId: campaign.id });
    // Waiting, stored with its short link (a restarted worker only assigns): written as the page is told.
    await vi.waitFor(async () =>
      expect((await queueItem.getValue()).find((j) => j.id === out.jobId)).toMatchObject({
        state: 'pending',
        shortened: { shortUrl: out.entry.shortUrl },
      }),
    );
    await vi.waitFor(async () =>
      expect((await historyItem.getValue())[0]).toMatchObject({ shortUrl: out.entry.shortUrl, campaign: { state: 'pending' } }),
    );
    expect(sb.log.filter((l) => l.path.includes('/assign/'))).toEqual([]);

    const job = await service.shortening.getJob({ jobId: out.jobId, waitMs: 10_000 });
    expect(job?.state).toBe('done');
    expect(job?.result?.campaign).toEqual({ state: 'assigned', campaignId: campaign.id });
    expect((await historyItem.getValue())[0]!.campaign).toEqual({ state: 'assigned', campaignId: campaign.id });
    expect(sb.log.filter((l) => l.path === '/api/shorten')).toHaveLength(1);
    expect(sb.state.forKey(sb.key).links.find((l) => l.url === 'https://example.org/spent')?.campaign_id).toBe(campaign.id);
  }, 20_000);
});

describe('the menu', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    sb = await startSandbox({ port: 0, plan: 'pro' });
  });

  it('copies and notifies when the link is made, before its channel is answered, and not again after', async () => {
    const { service, notes, copies } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const channel = sb.state.forKey(sb.key).channels[0]!;
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, defaultChannelId: channel.id });
    let release!: () => void;
    sb.faults.push({ path: /^\/api\/channel\/\d+\/assign\//, until: new Promise<void>((r) => (release = r)) });
    await service.shortening.shortenInBackground('https://example.org/from-menu', 'context-link');
    await vi.waitFor(() => expect(copies).toHaveLength(1), { timeout: 5000 });
    const made = sb.state.forKey(sb.key).links.find((l) => l.url === 'https://example.org/from-menu')!;
    expect(copies).toEqual([made.short_url]);
    expect(notes.map((n) => n.title)).toEqual(['Short link copied']);
    await vi.waitFor(() => expect(sb.log.filter((l) => l.path.includes('/assign/')).map((l) => l.status)).toEqual([0]));
    release();
    await vi.waitFor(async () => expect((await historyItem.getValue())[0]?.channel).toEqual({ state: 'assigned', channelId: channel.id }));
    await new Promise((r) => setTimeout(r, 200));
    expect(copies).toHaveLength(1);
    expect(notes).toHaveLength(1);
  });

  it('tells of a failed channel after the link, without copying it again', async () => {
    const { service, notes, copies } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, defaultChannelId: 999_999 });
    await service.shortening.shortenInBackground('https://example.org/no-such-channel', 'command');
    await vi.waitFor(() => expect(notes).toHaveLength(2), { timeout: 5000 });
    const made = sb.state.forKey(sb.key).links.find((l) => l.url === 'https://example.org/no-such-channel')!;
    expect(copies).toEqual([made.short_url]);
    expect(notes[0]).toMatchObject({ title: 'Short link copied', message: made.short_url });
    expect(notes[1]!.title).toBe('Short link ready');
    expect(notes[1]!.message).toMatch(new RegExp(`^${made.short_url.replace(/[.?]/g, '\\$&')} \\(not added to the channel: `));
  });
});

describe('Recent links are written beside the press, not before its answer', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    sb = await startSandbox({ port: 0, plan: 'pro' });
  });

  it('the link is answered while its Recent links entry is still being written; the list asked for then has it, and the job ends once it is filed', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    // A long list takes the browser hundreds of ms to write: the write is held here.
    const write = historyItem.setValue.bind(historyItem);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const spy = vi.spyOn(historyItem, 'setValue').mockImplementation(async (v) => {
      await held;
      return write(v);
    });
    const out = await service.shortening.shorten({ url: 'https://example.org/long-history', domainId: null, campaignId: null });
    if (out.status !== 'done' || !out.jobId) throw new Error(`not answered while the write is held: ${JSON.stringify(out)}`);
    expect(await historyItem.getValue()).toEqual([]);
    // Not done before it is filed (a restarted worker files it again).
    expect((await queueItem.getValue()).find((j) => j.id === out.jobId)).toMatchObject({
      state: 'pending',
      result: { shortUrl: out.entry.shortUrl },
    });
    // Recent links asked for now are read after the write: the new link is in them.
    const listed = service.recent.getHistory();
    release();
    expect((await listed).map((e) => e.shortUrl)).toContain(out.entry.shortUrl);
    expect((await service.shortening.getJob({ jobId: out.jobId, waitMs: 5000 }))?.state).toBe('done');
    spy.mockRestore();
  });

  it('a job restarted after its link was made but before it was filed files it', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const out = await service.shortening.shorten({ url: 'https://example.org/restarted', domainId: null, campaignId: null });
    if (out.status !== 'done' || !out.jobId) throw new Error(JSON.stringify(out));
    await service.shortening.getJob({ jobId: out.jobId, waitMs: 5000 });
    // The stored state of a worker stopped between the two: the job pending with its link, Recent links without it.
    const job = (await queueItem.getValue()).find((j) => j.id === out.jobId)!;
    await queueItem.setValue([{ ...job, state: 'pending', filed: undefined }]);
    await historyItem.setValue([]);
    await recentHeadItem.setValue({ entries: [], total: 0 });
    const again = makeService();
    await again.service.resume();
    await vi.waitFor(async () => expect((await queueItem.getValue()).find((j) => j.id === out.jobId)?.state).toBe('done'));
    expect((await again.service.recent.getHistory()).map((e) => e.shortUrl)).toEqual([out.entry.shortUrl]);
    // Made once: the restarted job did not shorten again.
    expect(sb.log.filter((l) => l.path === '/api/shorten')).toHaveLength(1);
  });
});
