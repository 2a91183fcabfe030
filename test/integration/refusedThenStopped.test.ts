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

/** A ceiling, not a wait: the refusal waits 8 s for the budget (Retry-After), a busy machine is slow. */
const WAIT = { timeout: 60_000, interval: 50 };
const made = (sandbox: Sandbox, url: string) => sandbox.state.forKey(sandbox.key).links.filter((l) => l.url === url).length;

describe('a link refused with 429, then the worker stopped', () => {
  it('is made once by the next worker, and so are the others pressed with it', async () => {
    // One shorten a window: the presses leave one at a time, so the refused one's answer is the
    // last word on its window (answers of requests sent with it would speak of the window too).
    sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: 1, shortenWindowMs: 1500 });
    const worker = await workerLives();
    await worker.call((s) => s.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key }));
    const urls = Array.from({ length: 4 }, (_, i) => `https://example.org/pressed/${i}`);
    const presses = urls.map((url) =>
      worker.call((s) => s.shortening.shorten({ url, domainId: null, campaignId: null }, 'popup')).catch((e: unknown) => e),
    );
    await vi.waitFor(
      () => expect(sb.log.filter((l) => l.path === '/api/shorten' && l.status === 200).length).toBeGreaterThanOrEqual(1),
      WAIT,
    );
    // The next shorten is refused although the budget allows it (another client spent it).
    sb.faults.push({ path: /^\/api\/shorten$/, kind: 'status429', retryAfterSec: 8 });
    await vi.waitFor(() => expect(sb.log.some((l) => l.path === '/api/shorten' && l.status === 429)).toBe(true), WAIT);
    // The refusal is stored before anything else: the next worker finds the link not sent.
    await vi.waitFor(async () => {
      const jobs = await queueItem.getValue();
      expect(jobs.filter((j) => j.state === 'pending' && j.sentAt === undefined && j.error?.kind === 'rate-limited')).toHaveLength(1);
      expect(jobs.filter((j) => j.state !== 'done' && j.sentAt !== undefined)).toEqual([]);
    }, WAIT);
    worker.stop();
    void presses; // the popup that pressed closed with the worker's answers lost
    await worker.start();
    await vi.waitFor(
      async () =>
        expect((await queueItem.getValue()).filter((j) => j.state !== 'done').map((j) => [j.args.url, j.state, j.error?.reason])).toEqual(
          [],
        ),
      WAIT,
    );
    for (const url of urls) expect(made(sb, url), url).toBe(1);
  }, 90_000);
});
