// A slow, failing or unreachable service, against the
// sandbox over HTTP: a shorten whose request may have reached the service is never sent again
// blindly; a service that cannot be reached or failed is said at once and the link waits for it.
// The figures are the production ones scaled down (reads time out at 15 s, changes at 25 s, the
// sandbox's `--latency-ms 16000` answer): here 0.3 s, 2.5 s and 1.2 s.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { errorSentence } from '@/lib/i18n/errorText';
import { makeService } from './makeService';
import type { WaitPolicy } from '@/lib/background/waitPolicy';

let sb: Sandbox;
beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro' });
});
afterEach(() => sb.close());

/** Short waits: tries after 0.1 s, 0.2 s… at most 0.4 s apart (production: 1 s … 3 min, for 24 h). */
const SHORT: WaitPolicy = { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 60_000, maxRateLimitedTries: 5 };

async function connected(opts: { changeTimeoutMs?: number; waitPolicy?: WaitPolicy; shortenWaitMs?: number } = {}) {
  const { service, notes, copies } = makeService({
    hasHostPermission: async () => true,
    timeoutMs: 300,
    changeTimeoutMs: opts.changeTimeoutMs ?? 2500,
    waitPolicy: opts.waitPolicy ?? SHORT,
    ...(opts.shortenWaitMs ? { shortenWaitMs: opts.shortenWaitMs } : {}),
  });
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  return { service, notes, copies };
}

const shortens = () => sb.log.filter((l) => l.path === '/api/shorten');
const linksTo = (url: string) => sb.state.forKey(sb.key).links.filter((l) => l.url === url);
const press = (url: string, customCode?: string) => ({ url, domainId: null, campaignId: null, ...(customCode ? { customCode } : {}) });

describe('a slow answer', () => {
  it('slower than a read may take: one press sends one request and shows the one link made', async () => {
    const { service } = await connected();
    sb.faults.push({ path: /\/api\/shorten/, holdMs: 1200 });
    const out = await service.shortening.shorten(press('https://example.org/slow'));
    expect(out.status).toBe('done');
    expect(shortens()).toHaveLength(1);
    expect(linksTo('https://example.org/slow')).toHaveLength(1);
  });

  it('an answer lost after the link was made: not sent again, and the popup says the link may exist, not "rate limit"', async () => {
    const { service } = await connected({ changeTimeoutMs: 600 });
    sb.faults.push({ path: /\/api\/shorten/, holdMs: 1500 });
    const failure = await service.shortening.shorten(press('https://example.org/lost')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ kind: 'timeout', reason: 'answer-lost' });
    const sentence = errorSentence(failure, 'popup');
    expect(sentence).toMatch(/may have been made/);
    expect(sentence).not.toMatch(/rate limit/i);
    // The held answer arrives after the client gave up; the queue is woken every way it can be.
    await vi.waitFor(() => expect(shortens()[0]?.answeredAt).toBeDefined(), { timeout: 5000 });
    await service.shortening.retryWaiting();
    await service.resume();
    expect(shortens()).toHaveLength(1);
    expect(linksTo('https://example.org/lost')).toHaveLength(1);
  });

  it('with a custom alias, a lost answer is followed by a repeat that cannot make a second link', async () => {
    const { service } = await connected({ changeTimeoutMs: 600 });
    sb.faults.push({ path: /\/api\/shorten/, holdMs: 1500 });
    const out = await service.shortening.shorten(press('https://example.org/alias', 'spring-sale'));
    // Told at once that the answer is awaited again, not after the repeat.
    expect(out).toMatchObject({ status: 'queued', waitingFor: 'service', reason: { kind: 'timeout' } });
    if (out.status !== 'queued') return;
    const job = await vi.waitFor(
      async () => {
        const j = await service.shortening.getJob({ jobId: out.jobId });
        if (j?.state !== 'failed') throw new Error('still waiting');
        return j;
      },
      { timeout: 8000 },
    );
    expect(job.error).toMatchObject({ reason: 'alias-after-lost-answer', detail: 'spring-sale' });
    expect(errorSentence(job.error, 'popup')).toMatch(/most likely made/);
    expect(shortens()).toHaveLength(2);
    expect(linksTo('https://example.org/alias')).toHaveLength(1);
  });

  it('a wait longer than the popup waits says the service is slow (no time in the past), and the link comes once', async () => {
    // The popup waits 10 s in production (here 0.4 s), then follows the link.
    const { service } = await connected({ shortenWaitMs: 400 });
    sb.faults.push({ path: /\/api\/shorten/, holdMs: 1500 });
    const out = await service.shortening.shorten(press('https://example.org/very-slow'));
    expect(out).toMatchObject({ status: 'queued', waitingFor: 'answer' });
    if (out.status !== 'queued') return;
    expect(out.expectedAt).toBeGreaterThanOrEqual(Date.now() - 50);
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: out.jobId }))?.state).toBe('done'), { timeout: 5000 });
    expect(shortens()).toHaveLength(1);
    expect(linksTo('https://example.org/very-slow')).toHaveLength(1);
  });
});

describe('a service that failed or cannot be reached', () => {
  it('a 502 is said at once, the link waits, and is made once when the service works again', async () => {
    const { service } = await connected();
    sb.faults.push({ path: /\/api\/shorten/, kind: 'status502', times: 2 });
    const started = Date.now();
    const out = await service.shortening.shorten(press('https://example.org/bad-gateway'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(out).toMatchObject({ status: 'queued', waitingFor: 'service', reason: { kind: 'server' } });
    if (out.status !== 'queued') return;
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: out.jobId }))?.state).toBe('done'), { timeout: 8000 });
    expect(shortens()).toHaveLength(3);
    expect(linksTo('https://example.org/bad-gateway')).toHaveLength(1);
  });

  it('down, then back: the menu says the link waits, the `online` event sends it, once, copied and notified', async () => {
    // A long backoff: only the `online` event (retryWaiting) can send it within the test.
    const { service, notes, copies } = await connected({ waitPolicy: { ...SHORT, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    await sb.stop();
    await service.shortening.shortenInBackground('https://example.org/train', 'context-page');
    await vi.waitFor(() => expect(notes.map((n) => n.title)).toContain('Link waits for the service'), { timeout: 5000 });
    expect(notes.at(-1)?.message).toMatch(/will be made and copied when it answers/);
    const [job] = await service.shortening.jobs.list();
    expect(job).toMatchObject({ state: 'pending', waitingSince: expect.any(Number) });
    await sb.start();
    await service.shortening.retryWaiting();
    await vi.waitFor(async () => expect((await service.shortening.jobs.list())[0]?.state).toBe('done'), { timeout: 5000 });
    expect(linksTo('https://example.org/train')).toHaveLength(1);
    await vi.waitFor(() => expect(notes.at(-1)?.title).toBe('Short link copied'));
    expect(copies).toHaveLength(1);
  });

  it('down for longer than the wait: the link ends with a true sentence, nothing is made', async () => {
    const { service, notes } = await connected({ waitPolicy: { ...SHORT, giveUpAfterMs: 600 } });
    await sb.stop();
    await service.shortening.shortenInBackground('https://example.org/too-long', 'command');
    await vi.waitFor(async () => expect((await service.shortening.jobs.list())[0]?.state).toBe('failed'), { timeout: 8000 });
    expect((await service.shortening.jobs.list())[0]?.error).toMatchObject({ reason: 'gave-up-waiting' });
    await vi.waitFor(() => expect(notes.at(-1)?.message).toMatch(/could not be reached for 24 hours: the link was not made/));
    await sb.start();
    expect(linksTo('https://example.org/too-long')).toHaveLength(0);
  });

  it('a waiting link can be cancelled: nothing is made when the service is back', async () => {
    const { service } = await connected({ waitPolicy: { ...SHORT, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    await sb.stop();
    const out = await service.shortening.shorten(press('https://example.org/cancel-me'));
    expect(out).toMatchObject({ status: 'queued', waitingFor: 'service', reason: { kind: 'network' } });
    if (out.status !== 'queued') return;
    const job = await service.shortening.cancelJob({ jobId: out.jobId });
    expect(job).toMatchObject({ state: 'failed', error: { reason: 'cancelled' } });
    await sb.start();
    await service.shortening.retryWaiting();
    await service.resume();
    expect(shortens()).toHaveLength(0);
  });

  it('a bulk row waiting for a service that answers with errors is told apart from one it cannot reach', async () => {
    const { service } = await connected({ waitPolicy: { ...SHORT, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    sb.faults.push({ path: /\/api\/shorten/, kind: 'status500', times: 5 });
    await service.bulk.startBulk({
      addresses: [{ url: 'https://example.org/f1' }],
      domainId: null,
      campaignId: null,
      channelId: null,
      makeNew: false,
    });
    await vi.waitFor(async () => expect((await service.shortening.jobs.list()).every((j) => j.waitingSince !== undefined)).toBe(true), {
      timeout: 5000,
    });
    const view = await service.bulk.getBulk();
    expect(view?.waitingForService).toEqual([true]);
    expect(view?.serviceFailing).toEqual([true]);
  });

  it('bulk rows wait for the service instead of failing, and are made when it is back', async () => {
    const { service } = await connected();
    await sb.stop();
    const urls = ['https://example.org/b1', 'https://example.org/b2'];
    await service.bulk.startBulk({
      addresses: urls.map((url) => ({ url })),
      domainId: null,
      campaignId: null,
      channelId: null,
      makeNew: false,
    });
    await vi.waitFor(async () => expect((await service.shortening.jobs.list()).every((j) => j.waitingSince !== undefined)).toBe(true), {
      timeout: 5000,
    });
    const view = await service.bulk.getBulk();
    expect(view?.batch.items.map((it) => it.state)).toEqual(['waiting', 'waiting']);
    expect(view?.waitingForService).toEqual([true, true]);
    await sb.start();
    await vi.waitFor(async () => expect((await service.bulk.getBulk())?.batch.items.map((it) => it.state)).toEqual(['made', 'made']), {
      timeout: 8000,
    });
    for (const url of urls) expect(linksTo(url)).toHaveLength(1);
  });
});

describe('a full storage', () => {
  it('never stops a link from being made, and its sentence is the user’s, not the browser’s', async () => {
    const { service } = await connected();
    const quota = () => Promise.reject(new Error('Resource::kQuotaBytes quota exceeded'));
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(quota);
    const out = await service.shortening.shorten(press('https://example.org/full'));
    expect(out.status).toBe('done');
    expect(linksTo('https://example.org/full')).toHaveLength(1);
    const sentence = errorSentence(new Error('Resource::kQuotaBytes quota exceeded'), 'popup');
    expect(sentence).toMatch(/storage for LinkShort is full/);
    expect(sentence).not.toMatch(/kQuotaBytes/);
    vi.restoreAllMocks();
  });
});
