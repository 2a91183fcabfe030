// Faults the worker survives, against the sandbox: 500s, a storm of 429s, the server down and
// back. Queued work completes once, retries stay bounded, and the user is told.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createService } from '@/lib/background/service';

let sb: Sandbox | undefined;
beforeEach(() => fakeBrowser.reset());
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

type Limits = Pick<Parameters<typeof createService>[0], 'retry' | 'maxJobAttempts' | 'waitPolicy'>;
/** Waits for a service that cannot be reached: 0.1 s, then at most 0.4 s apart (production: 1 s … 3 min). */
const SHORT_WAIT = { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 60_000, maxRateLimitedTries: 5 };

function makeService(limits: Limits = { waitPolicy: SHORT_WAIT }) {
  const notes: { title: string; message: string }[] = [];
  const service = createService({
    fetch: (i, init) => fetch(i, init),
    copy: async () => true,
    notify: async (title, message) => void notes.push({ title, message }),
    wakeAt: () => {},
    hasHostPermission: async () => true,
    timeoutMs: 1000,
    ...limits,
  });
  return { service, notes };
}
const shortens = (s: Sandbox) => s.log.filter((l) => l.path === '/api/shorten');

describe('faults', () => {
  it('a few 500s: said at once, the link waits and is made once', async () => {
    sb = await startSandbox({ port: 0 });
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    sb.faults.push({ path: /\/api\/shorten/, kind: 'status500', times: 2 });
    const out = await service.shortening.shorten({ url: 'https://example.org/f500', domainId: null, campaignId: null });
    expect(out).toMatchObject({ status: 'queued', waitingFor: 'service', reason: { kind: 'server' } });
    if (out.status === 'queued')
      await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: out.jobId }))?.state).toBe('done'), { timeout: 8000 });
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === 'https://example.org/f500')).toHaveLength(1);
    expect(shortens(sb)).toHaveLength(3);
  });

  it('a storm of 429s: waits as told, then makes the link once; the number of tries is bounded', async () => {
    sb = await startSandbox({ port: 0 });
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    sb.faults.push({ path: /\/api\/shorten/, kind: 'status429', times: 3 });
    const started = Date.now();
    const out = await service.shortening.shorten({ url: 'https://example.org/f429', domainId: null, campaignId: null });
    const outcome =
      out.status === 'done'
        ? out
        : await vi.waitFor(
            async () => {
              const job = await service.shortening.getJob({ jobId: out.jobId });
              if (job?.state !== 'done') throw new Error('not yet');
              return job;
            },
            { timeout: 15_000 },
          );
    expect(outcome).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000); // Retry-After: 1 s, three times
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === 'https://example.org/f429')).toHaveLength(1);
    expect(shortens(sb)).toHaveLength(4);
    // Settled before the next test: a link is shown before its job ends, and a job ending later would write into the next test's storage.
    await vi.waitFor(async () => expect((await service.shortening.jobs.list()).map((j) => j.state)).toEqual(['done']));
  });

  it('an endless storm of 429s ends, after a bounded number of tries, with a failure the user is told about', async () => {
    sb = await startSandbox({ port: 0 });
    // Small limits so the test is short: 3 tries an attempt, 2 attempts (defaults: 8 and 5).
    const { service, notes } = makeService({
      retry: { maxTransientTries: 2, maxRateLimitedTries: 3, baseDelayMs: 100, maxDelayMs: 1000 },
      maxJobAttempts: 2,
      waitPolicy: SHORT_WAIT,
    });
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    sb.faults.push({ path: /\/api\/shorten/, kind: 'body429', times: 1000 });
    await service.shortening.shortenInBackground('https://example.org/never', 'context-link');
    await vi.waitFor(async () => expect((await service.shortening.jobs.list())[0]?.state).toBe('failed'), { timeout: 20_000 });
    expect(shortens(sb)).toHaveLength(6);
    expect(notes.at(-1)).toMatchObject({ title: 'Could not shorten the link' });
    expect(notes.at(-1)?.message).toMatch(/rate limit/);
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === 'https://example.org/never')).toHaveLength(0);
  }, 30_000);

  it('the server down, then back: the queued link is made once when it returns', async () => {
    sb = await startSandbox({ port: 0 });
    const port = Number(new URL(sb.url).port);
    const { service, notes } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await sb.close();
    const gone = sb;
    sb = undefined;
    await service.shortening.shortenInBackground('https://example.org/down', 'context-page');
    // Down for a while: the first tries fail on the network and back off; the user is told the link waits.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await service.shortening.jobs.list())[0]?.state).toBe('pending');
    expect(notes.map((n) => n.title)).toEqual(['Link waits for the service']);
    sb = await startSandbox({ port, key: gone.key });
    await vi.waitFor(async () => expect((await service.shortening.jobs.list())[0]?.state).toBe('done'), { timeout: 20_000 });
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === 'https://example.org/down')).toHaveLength(1);
    expect(notes.at(-1)?.title).toBe('Short link copied');
  }, 30_000);
});
