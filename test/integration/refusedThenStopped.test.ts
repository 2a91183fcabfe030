// A press refused for the rate limit (429) is not lost when the browser stops the worker while
// it waits for the budget: the refusal proves the link was not made, so the next worker sends it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { queueItem } from '@/lib/storage';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { workerLives } from './support/workerLives';

let sb: Sandbox;
beforeEach(() => fakeBrowser.reset());
afterEach(() => sb.close());

const made = (sandbox: Sandbox, url: string) => sandbox.state.forKey(sandbox.key).links.filter((l) => l.url === url).length;

describe('a link refused with 429, then the worker stopped', () => {
  it('is made once by the next worker, and so are the others pressed with it', async () => {
    sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: 4, shortenWindowMs: 3000 });
    const worker = await workerLives();
    await worker.call((s) => s.saveConnection({ serviceUrl: sb.url, apiKey: sb.key }));
    // The 5th shorten is refused although the budget seemed to allow it (another client spent it).
    let shortens = 0;
    const urls = Array.from({ length: 8 }, (_, i) => `https://example.org/pressed/${i}`);
    const presses = urls.map((url) => worker.call((s) => s.shorten({ url, domainId: null, campaignId: null }, 'popup')).catch((e: unknown) => e));
    await vi.waitFor(() => {
      shortens = sb.log.filter((l) => l.path === '/api/shorten' && l.status !== 0).length;
      expect(shortens).toBeGreaterThanOrEqual(1);
    });
    sb.faults.push({ path: /^\/api\/shorten$/, kind: 'status429' });
    await vi.waitFor(() => expect(sb.log.some((l) => l.path === '/api/shorten' && l.status === 429)).toBe(true), { timeout: 30_000 });
    // The refusal is stored before anything else: the next worker finds the link not sent. The
    // worker stops once nothing else is on the wire (a link whose answer a stop loses may exist: it is not sent again).
    await vi.waitFor(async () => {
      const jobs = await queueItem.getValue();
      expect(jobs.filter((j) => j.state === 'pending' && j.sentAt === undefined && j.error?.kind === 'rate-limited').length).toBeGreaterThanOrEqual(1);
      expect(jobs.filter((j) => j.state !== 'done' && j.sentAt !== undefined)).toEqual([]);
    });
    worker.stop();
    void presses; // the popup that pressed closed with the worker's answers lost
    await worker.start();
    await vi.waitFor(async () => expect((await queueItem.getValue()).filter((j) => j.state !== 'done').map((j) => [j.args.url, j.state, j.error?.reason])).toEqual([]), { timeout: 20_000, interval: 100 });
    for (const url of urls) expect(made(sb, url), url).toBe(1);
  }, 90_000);
});
