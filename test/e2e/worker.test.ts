/**
 * The background worker in Chromium (issue "Background worker"): queued shortens survive the
 * worker being stopped (each link made exactly once, the rate budget respected after the
 * restart), and the worker's answers never carry the API key nor reach web pages.
 *
 * Messages are sent raw, as lib/messaging.ts sends them (@webext-core/messaging): the message
 * is `{id, type, data, timestamp}` (chrome.runtime.sendMessage from an extension page) and the
 * answer `{res: Result}` where Result is `{ok: true, value} | {ok: false, error}`.
 */
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import type { Job } from '../../lib/storage';
import { openOptions, readStorage, stopWorker, wakeWorker, withTimeout, type ExtensionHarness, sleep, until, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

/** A raw message of the protocol, in @webext-core/messaging's envelope. */
const envelope = (id: number, type: string, data?: unknown) => ({ id, type, data, timestamp: Date.now() });

/** Sends raw messages from an extension page; resolves with every answer (or the lastError). */
function sendFrom(page: Page, messages: ReturnType<typeof envelope>[]): Promise<unknown[]> {
  return page.evaluate(
    (msgs) =>
      Promise.all(
        msgs.map(
          (m) =>
            new Promise<unknown>((resolve) => {
              chrome.runtime.sendMessage(m, (answer: unknown) => {
                const err = chrome.runtime.lastError;
                resolve(err ? { lastError: err.message } : answer);
              });
            }),
        ),
      ),
    messages,
  );
}

/** The running status of the extension's worker versions, as CDP reports them now. */
async function cdpWorkerStatus(h: ExtensionHarness, host: Page): Promise<string[]> {
  const session: CDPSession = await h.context.newCDPSession(host);
  const prefix = `chrome-extension://${h.extensionId}/`;
  const statuses = new Map<string, string>();
  try {
    const reported = new Promise<void>((resolve) => {
      session.on(
        'ServiceWorker.workerVersionUpdated',
        (e: { versions: { versionId: string; scriptURL: string; runningStatus: string; status: string }[] }) => {
          for (const v of e.versions) {
            if (!v.scriptURL.startsWith(prefix)) continue;
            if (v.status === 'redundant') statuses.delete(v.versionId);
            else statuses.set(v.versionId, v.runningStatus);
          }
          if (statuses.size > 0) resolve();
        },
      );
    });
    await session.send('ServiceWorker.enable');
    await withTimeout(reported, 5000, 'CDP reported no version of the extension’s worker');
    return [...statuses.values()];
  } finally {
    await session.send('ServiceWorker.disable').catch(() => undefined);
    await session.detach().catch(() => undefined);
  }
}

const count = (jobs: Job[] | undefined, state: Job['state']) => (jobs ?? []).filter((j) => j.state === state).length;

describe('background worker', () => {
  // 2 shortens per 6 s, the window opening at the first request (the stop below then
  // always falls inside the first window).
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', shortenLimit: 2, shortenWindowMs: 6000, rateWindow: 'first-request' } });
  let host: Page; // a web page kept open: the CDP sessions that follow the worker attach to it
  beforeAll(async () => {
    host = await ext.h.context.newPage();
    await host.goto(`${ext.sb.url}/page/host`);
  });

  it("a new install has Recent links' stored head before anything reads the list (the first batch or press writes none)", async () => {
    const head = await until(() => readStorage<{ entries: unknown[]; total: number }>(ext.h, 'recentHead'), 'the head written at install');
    expect(head).toEqual({ entries: [], total: 0 });
  });

  it('queued shortens survive the worker being stopped: each made exactly once, within the budget', async () => {
    const urls = [1, 2, 3, 4, 5].map((n) => `${ext.sb.url}/page/queued-${n}`);
    const options = await openOptions(ext.h);
    // Not awaited: the answers of the queued ones come (or not) after the stop.
    const answers = sendFrom(
      options,
      urls.map((url, i) => envelope(9000 + i, 'shorten', { url, domainId: null, campaignId: null })),
    ).catch((e: unknown) => [`page closed: ${String(e)}`]);

    // Two go at once (the budget), three wait in the persisted queue.
    const queue = await until(
      async () => {
        const jobs = await readStorage<Job[]>(ext.h, 'queue');
        return jobs && jobs.length === 5 && count(jobs, 'done') === 2 && count(jobs, 'pending') === 3 && count(jobs, 'sending') === 0
          ? jobs
          : null;
      },
      '2 jobs done and 3 pending',
      OUTCOME_MS,
    );
    expect(queue.map((j) => j.args.url).sort()).toEqual([...urls].sort());
    const shortens = () => ext.sb.log.filter((r) => r.path === '/api/shorten');
    expect(shortens()).toHaveLength(2);
    const firstShortenAt = shortens()[0]!.at;

    await options.close(); // the page that asked is gone too: nothing waits for the answers
    await answers;
    await stopWorker(ext.h);
    expect(await cdpWorkerStatus(ext.h, host)).toEqual(['stopped']);

    // Stay stopped past the end of the window, as a browser that stopped an idle worker
    // would: the three links are due, yet nothing is sent until the worker runs again.
    const windowEnd = firstShortenAt + 6000;
    await sleep(Math.max(0, windowEnd + 300 - Date.now()));
    expect(await cdpWorkerStatus(ext.h, host)).toEqual(['stopped']);
    expect(shortens()).toHaveLength(2);

    await wakeWorker(ext.h);
    const done = await until(
      async () => {
        const jobs = await readStorage<Job[]>(ext.h, 'queue');
        return jobs && count(jobs, 'done') === 5 ? jobs : null;
      },
      'all 5 jobs done',
      OUTCOME_MS,
      200,
    );
    expect(done.every((j) => j.result?.shortUrl)).toBe(true);

    // No loss, no duplicate: each URL exactly once on the service, matching its job.
    await sleep(300); // a late duplicate would arrive now
    const links = ext.sb.state.forKey(ext.sb.key).links;
    for (const url of urls) {
      const made = links.filter((l) => l.url === url);
      expect(made, url).toHaveLength(1);
      expect(done.find((j) => j.args.url === url)?.result?.shortUrl).toBe(made[0]!.short_url);
    }
    const accepted = shortens().filter((r) => r.status === 200);
    expect(accepted).toHaveLength(5);
    // The restarted worker remembered the budget: no request refused for the rate limit (the
    // sandbox's limiter, first-request windows of 6 s, judges "never more than 2 in a window").
    expect(ext.sb.log.filter((r) => r.rateLimited).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // And every link is in the history.
    const history = (await readStorage<{ longUrl: string }[]>(ext.h, 'history')) ?? [];
    for (const url of urls) expect(history.filter((e) => e.longUrl === url)).toHaveLength(1);
  });

  it('a link refused with 429 waits through a worker stop and is made once by the next worker', async () => {
    // The window of the test above is over: this one's first press learns the budget anew.
    await until(
      async () => ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).every((j) => j.state === 'done') || null,
      'the queue settled',
    );
    const urls = [1, 2].map((n) => `${ext.sb.url}/page/refused-${n}`);
    const options = await openOptions(ext.h);
    await sendFrom(options, [envelope(9100, 'shorten', { url: urls[0], domainId: null, campaignId: null })]);
    // The budget seems to have room, yet the service refuses the next one (another client spent it).
    ext.sb.faults.push({ path: /^\/api\/shorten$/, kind: 'status429', retryAfterSec: 8 });
    const answers = sendFrom(options, [envelope(9101, 'shorten', { url: urls[1], domainId: null, campaignId: null })]).catch(() => []);
    // The refusal is stored as "not sent" before the worker waits for the budget.
    await until(
      async () =>
        ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).some(
          (j) => j.args.url === urls[1] && j.state === 'pending' && j.sentAt === undefined && j.error?.kind === 'rate-limited',
        ) || null,
      'the refused link stored as not sent',
      60_000,
    );
    await options.close();
    await answers;
    await stopWorker(ext.h);
    await wakeWorker(ext.h);
    const done = await until(
      async () => {
        const jobs = ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).filter((j) => urls.includes(j.args.url));
        return jobs.length === 2 && jobs.every((j) => j.state === 'done' || j.state === 'failed') ? jobs : null;
      },
      'both links settled',
      60_000,
      200,
    );
    expect(done.map((j) => [j.args.url, j.state])).toEqual(expect.arrayContaining(urls.map((u) => [u, 'done'])));
    for (const url of urls)
      expect(
        ext.sb.state.forKey(ext.sb.key).links.filter((l) => l.url === url),
        url,
      ).toHaveLength(1);
  });

  it('answers never carry the API key (only its last 4 characters)', async () => {
    const options = await openOptions(ext.h);
    const answers = (await sendFrom(options, [
      envelope(1, 'getConnection'),
      envelope(2, 'getSettings'),
      envelope(3, 'getAccount', {}),
      envelope(4, 'getHistory'),
      envelope(5, 'getList', { name: 'domains' }),
    ])) as { res?: { ok: boolean; value?: unknown } }[];
    expect(answers.every((a) => a?.res?.ok === true)).toBe(true);
    expect(answers[0]!.res!.value).toEqual({
      connected: true,
      serviceUrl: ext.sb.url,
      keyHint: ext.sb.key.slice(-4),
      fingerprint: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    for (const a of answers) expect(JSON.stringify(a)).not.toContain(ext.sb.key);
    await options.close();
  });

  it('a web page cannot reach the worker', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/outsider`);
    const tried = await page.evaluate(
      async ({ extensionId, messages }) => {
        const runtime = (globalThis as { chrome?: { runtime?: Record<string, unknown> } }).chrome?.runtime;
        const send = runtime?.sendMessage as ((id: string, m: unknown, cb: (a: unknown) => void) => void) | undefined;
        if (typeof send !== 'function') return [{ outcome: 'no runtime.sendMessage on the page' }];
        const out: unknown[] = [];
        for (const m of messages) {
          try {
            out.push({
              outcome: 'answered',
              answer: await new Promise((resolve) => {
                send(extensionId, m, (a) => resolve(a ?? null));
                setTimeout(() => resolve('no answer in 2 s'), 2000);
              }),
            });
          } catch (e) {
            out.push({ outcome: 'threw', error: String(e) });
          }
        }
        return out;
      },
      { extensionId: ext.h.extensionId, messages: [envelope(1, 'getConnection'), envelope(2, 'getAccount', {})] },
    );
    expect(JSON.stringify(tried)).not.toContain(ext.sb.key);
    for (const t of tried as { outcome: string; answer?: unknown }[]) {
      // Without externally_connectable a page has no way in: no API, an exception, or no data.
      if (t.outcome === 'answered') expect(t.answer === null || t.answer === 'no answer in 2 s').toBe(true);
      else expect(['no runtime.sendMessage on the page', 'threw']).toContain(t.outcome);
    }
    await page.close();
  });
});
