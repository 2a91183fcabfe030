// The gate against the sandbox with a tight budget (5 requests / 2 s): nothing is refused,
// nothing is lost, and the total time stays near the least the budget allows.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createApiClient } from '@/lib/api';
import { RateBudgets } from '@/lib/background/budget';
import { RequestGate } from '@/lib/background/gate';
import { withRetry } from '@/lib/background/retry';

const LIMIT = 5;
const WINDOW = 2000;
let sb: Sandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

function queueClient(sandbox: Sandbox) {
  const gate = new RequestGate(new RateBudgets(Date.now), fetch);
  const client = createApiClient({ baseUrl: sandbox.url, apiKey: sandbox.key, fetch: gate.fetchWith('interactive') });
  return { gate, client };
}

describe('the queue against a tight budget', () => {
  it('times a request from when it leaves the gate, not while it waits for the budget', async () => {
    sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: 1, shortenWindowMs: 1500, rateWindow: 'first-request' });
    const gate = new RequestGate(new RateBudgets(Date.now), fetch, Date.now, 400);
    const client = createApiClient({ baseUrl: sb.url, apiKey: sb.key, fetch: gate.fetchWith('interactive'), timeoutMs: 0 });
    const started = Date.now();
    const [a, b] = await Promise.all([
      client.shorten({ url: 'https://example.org/t/1' }),
      client.shorten({ url: 'https://example.org/t/2' }),
    ]);
    expect(Date.now() - started).toBeGreaterThan(1000); // the second one waited for the next window…
    expect([a.shortCode, b.shortCode]).toHaveLength(2); // …longer than the timeout, and still went through
    sb.faults.push({ path: /\/api\/shorten/, kind: 'hang' });
    await expect(client.shorten({ url: 'https://example.org/t/3' })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it.each([{ rateWindow: 'aligned' as const }, { rateWindow: 'first-request' as const }])(
    'completes 50 shortens with no rejection, within 1.10× the least time the budget allows ($rateWindow windows)',
    async ({ rateWindow }) => {
      sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: LIMIT, shortenWindowMs: WINDOW, rateWindow });
      const { gate, client } = queueClient(sb);
      // Started just after an aligned window's start: a budget not known yet sends one request and
      // waits for its answer, which a window's last few milliseconds may not leave room for (an
      // edge the bench measures at five offsets: docs/BENCHMARKS.md, "The bulk page").
      if (rateWindow === 'aligned') await new Promise((r) => setTimeout(r, WINDOW - (Date.now() % WINDOW) + 50));
      const start = Date.now();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => withRetry(() => client.shorten({ url: `https://example.org/q/${i}` }))),
      );
      const elapsed = Date.now() - start;
      // Aligned windows sit on the clock ([k·W, (k+1)·W)): the first is the rest of the current
      // one. First-request windows start with the first request.
      const first = sb.log.find((l) => l.group === 'shorten')!.at;
      const firstWindowLeft = rateWindow === 'aligned' ? (Math.floor(first / WINDOW) + 1) * WINDOW - first : WINDOW;
      const least = firstWindowLeft + (Math.ceil(50 / LIMIT) - 2) * WINDOW;
      expect(results).toHaveLength(50);
      expect(new Set(results.map((r) => r.shortCode)).size).toBe(50);
      const shortens = sb.log.filter((l) => l.group === 'shorten');
      expect(shortens.filter((l) => l.rateLimited)).toHaveLength(0);
      expect(shortens).toHaveLength(50);
      expect(sb.state.forKey(sb.key).links.filter((l) => l.url.startsWith('https://example.org/q/'))).toHaveLength(50);
      expect(gate.stats.rateLimited).toBe(0);
      expect(elapsed / least, `elapsed ${elapsed} ms, least ${least} ms`).toBeLessThanOrEqual(1.1);
      expect(elapsed).toBeGreaterThanOrEqual(least); // the budget was not overspent either
    },
    60_000,
  );

  it('adapts when a second client spends the same key, and loses nothing', async () => {
    sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: LIMIT, shortenWindowMs: WINDOW });
    const { gate, client } = queueClient(sb);
    const sandbox = sb;
    // The other client: 2 shortens every window, with no budget of its own.
    let stop = false;
    const other = (async () => {
      let n = 0;
      while (!stop) {
        await fetch(`${sandbox.url}/api/shorten`, {
          method: 'POST',
          headers: { 'X-API-KEY': sandbox.key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: `https://example.org/other/${n++}` }),
        });
        await new Promise((r) => setTimeout(r, WINDOW / 2));
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => withRetry(() => client.shorten({ url: `https://example.org/mine/${i}` }))),
    );
    stop = true;
    await other;
    expect(results).toHaveLength(30);
    const mine = sb.state.forKey(sb.key).links.filter((l) => l.url.startsWith('https://example.org/mine/'));
    expect(mine).toHaveLength(30); // each created exactly once
    const windows = Math.ceil((Date.now() - sb.log[0]!.at) / WINDOW);
    // Rejections of our own requests: at most about one per window.
    expect(gate.stats.rateLimited).toBeLessThanOrEqual(windows);
  }, 90_000);
});
