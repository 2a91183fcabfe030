/**
 * The queue figure: N shortens sent at once THROUGH THE EXTENSION (N `shorten` messages from
 * an extension page to the worker, which queues them in its persisted job queue behind the
 * rate gate) against a sandbox allowing `limit` shortens per `windowMs` (aligned windows),
 * alone or beside a second client that spends part of the same budget from Node.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import { configureExtension, launchExtension, openBackgroundPage, withTimeout, type ExtensionHarness } from '../e2e/harness';
import { startSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/types';
import { defineNameHelper, sleep } from './util';

declare const chrome: typeof Browser;

export interface QueueOptions {
  extensionDir?: string;
  count: number;
  limit: number;
  windowMs: number;
  /** Shortens the second client sends at the start of every window (0 = alone). */
  otherPerWindow: number;
  /** Alone: send this long after a window boundary (the runs spread over the window). */
  startPhaseMs?: number;
  timeoutMs: number;
}

export interface QueueRun {
  /** Asked start, ms after a window boundary (alone runs), and where in the window sending began. */
  offsetMs?: number;
  startedAtPhaseMs: number;
  /** From the messages being sent to the worker settling the last job (its settledAt) (ms). */
  elapsedMs: number;
  /** The least the budget allows for our requests, from our first request's time (ms). */
  leastMs: number;
  ratio: number;
  /** Our requests the server refused (429). */
  rejected: number;
  /** Windows our requests spanned (first to last, inclusive). */
  windows: number;
  rejectedPerWindow: number;
  requested: number;
  /** Distinct long URLs of ours the sandbox created a link for. */
  created: number;
  /** Links created more than once for the same long URL. */
  duplicates: number;
  lost: number;
  failedJobs: number;
  /** Time from sending to our first request reaching the sandbox (ms). */
  firstRequestAfterMs: number;
  /** Time from our last request reaching the sandbox to the last job settled (ms). */
  lastRequestToEndMs: number;
  /** How much later the page saw the last job settled (storage.onChanged) than the worker settled it. */
  eventLagMs: number;
  /** Our shorten requests the sandbox saw (accepted and refused). */
  requests: number;
  other: { sent: number; ok: number; rejected: number };
}

export interface QueueWatch {
  start: number;
  end: number;
  /** When each message was sent (epoch ms). */
  presses: number[];
  done: number;
  failed: number;
  timedOut: boolean;
}

export interface SendOptions {
  prefix: string;
  count: number;
  timeoutMs: number;
  /** Between two messages (0: all at once; a user pressing Shorten again and again: ~400 ms). */
  gapMs?: number;
  campaignId?: number | null;
}

/**
 * In the extension page: watches chrome.storage.local's `queue` (the persisted jobs) for our
 * jobs to settle, then sends the N `shorten` messages, at once or `gapMs` apart.
 */
export async function sendAndWatch(page: Page, opts: SendOptions): Promise<QueueWatch> {
  return page.evaluate(
    async ({ prefix: pre, count: n, timeoutMs: limitMs, gapMs, campaignId }) => {
      type JobLike = { id: string; state: string; args?: { url?: string } };
      const settled = new Map<string, string>();
      let finish: () => void = () => undefined;
      const allSettled = new Promise<void>((r) => (finish = r));
      const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
        if (area !== 'local' || !changes.queue) return;
        const jobs = (Array.isArray(changes.queue.newValue) ? changes.queue.newValue : []) as JobLike[];
        for (const j of jobs) {
          if (!j.args?.url?.startsWith(pre) || settled.has(j.id)) continue;
          if (j.state === 'done' || j.state === 'failed') settled.set(j.id, j.state);
        }
        if (settled.size >= n) finish();
      };
      chrome.storage.onChanged.addListener(onChanged);
      const start = Date.now();
      const presses: number[] = [];
      for (let i = 0; i < n; i++) {
        if (gapMs > 0 && i > 0) await new Promise((r) => setTimeout(r, start + i * gapMs - Date.now()));
        presses.push(Date.now());
        void chrome.runtime
          .sendMessage({
            id: 1_000_000 + i,
            type: 'shorten',
            data: { url: `${pre}${i}`, domainId: null, campaignId },
            timestamp: Date.now(),
          })
          .catch(() => undefined);
      }
      let timedOut = false;
      await Promise.race([allSettled, new Promise<void>((r) => setTimeout(() => ((timedOut = true), r()), limitMs))]);
      const end = Date.now();
      chrome.storage.onChanged.removeListener(onChanged);
      const states = [...settled.values()];
      return {
        start,
        end,
        presses,
        done: states.filter((s) => s === 'done').length,
        failed: states.filter((s) => s === 'failed').length,
        timedOut,
      };
    },
    { gapMs: 0, campaignId: null, ...opts },
  );
}

/** When the worker settled the last of our jobs (its own settledAt, same clock), 0 if none. */
export async function lastSettledAt(page: Page, prefix: string): Promise<number> {
  return page.evaluate(async (pre) => {
    const jobs = ((await chrome.storage.local.get('queue')).queue ?? []) as { settledAt?: number; args?: { url?: string } }[];
    return Math.max(0, ...jobs.filter((j) => j.args?.url?.startsWith(pre)).map((j) => j.settledAt ?? 0));
  }, prefix);
}

/** Sleeps until `phaseMs` after the next boundary of `windowMs`-long aligned windows. */
export async function untilPhase(windowMs: number, phaseMs: number): Promise<void> {
  const boundary = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
  await sleep(boundary + phaseMs - Date.now());
}

/** The second client: at the start of every window, `perWindow` shortens with the same key. */
function otherClient(sb: Sandbox, perWindow: number, windowMs: number) {
  const stats = { sent: 0, ok: 0, rejected: 0 };
  let stopped = false;
  const run = (async () => {
    let n = 0;
    while (!stopped) {
      const next = (Math.floor(Date.now() / windowMs) + 1) * windowMs + 2; // 2 ms into the next window
      await sleep(next - Date.now());
      if (stopped) break;
      await Promise.all(
        Array.from({ length: perWindow }, async () => {
          stats.sent++;
          const res = await fetch(`${sb.url}/api/shorten?client=other`, {
            method: 'POST',
            headers: { 'X-API-KEY': sb.key, 'Content-Type': 'application/json' },
            body: JSON.stringify({ url: `https://example.org/bench/other/${n++}` }),
          });
          if (res.status === 429) stats.rejected++;
          else if (res.ok) stats.ok++;
          await res.arrayBuffer();
        }),
      );
    }
  })();
  return {
    stats,
    stop: async () => {
      stopped = true;
      await run;
    },
  };
}

/** One run in a fresh browser profile against a fresh sandbox. */
export async function queueRun(opts: QueueOptions, label: string): Promise<QueueRun> {
  const { count, limit, windowMs } = opts;
  const sb = await startSandbox({ plan: 'pro', mainLimit: 100_000, shortenLimit: limit, shortenWindowMs: windowMs, rateWindow: 'aligned' });
  let h: ExtensionHarness | undefined;
  try {
    h = await launchExtension({ extensionDir: opts.extensionDir });
    await defineNameHelper(h);
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const driver = await openBackgroundPage(h, h.url('manifest.json'));
    const other = opts.otherPerWindow > 0 ? otherClient(sb, opts.otherPerWindow, windowMs) : null;
    if (other) {
      // Start once the second client has spent its share of a window, as it will of every later one.
      const firstOther = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
      await sleep(firstOther - Date.now() + 50);
    } else if (opts.startPhaseMs !== undefined) {
      await untilPhase(windowMs, opts.startPhaseMs);
    }
    const prefix = `https://example.org/bench/${label}/${Date.now()}/`;
    const logFrom = sb.log.length;
    let watch: QueueWatch;
    try {
      watch = await withTimeout(
        sendAndWatch(driver, { prefix, count, timeoutMs: opts.timeoutMs }),
        opts.timeoutMs + 10_000,
        'The queue run did not end',
      );
    } finally {
      await other?.stop();
    }
    await sleep(200); // answers still on the wire reach the log
    // The end: when the worker settled the last job (its own settledAt, same clock), which the
    // page's storage.onChanged only confirms (events reach a background tab a little later).
    const settledAt = await lastSettledAt(driver, prefix);
    const end = !watch.timedOut && settledAt > 0 ? settledAt : watch.end;
    // The second client marks its requests (?client=other, ignored by the routes), so the log
    // tells them apart from the extension's.
    const ours = sb.log.slice(logFrom).filter((l) => l.group === 'shorten' && !l.query.includes('client=other'));
    const rejected = ours.filter((l) => l.rateLimited).length;
    if (process.env.QUEUE_TRACE) {
      // Where each of our requests fell: window index from the press's window, and ms into it.
      const w0 = Math.floor(watch.start / windowMs);
      console.log(
        `  [${label}] press at ${watch.start % windowMs} ms; requests (window:ms):`,
        ours.map((l) => `${Math.floor(l.at / windowMs) - w0}:${l.at % windowMs}${l.rateLimited ? '!' : ''}`).join(' '),
      );
    }
    const firstOurs = ours[0]?.at ?? watch.start;
    const lastOurs = ours.at(-1)?.at ?? end;
    // Aligned windows sit on the clock ([k·W, (k+1)·W)): the first is the rest of the current
    // one. Our share of a window is the limit less what the second client spends.
    const firstWindowLeft = (Math.floor(firstOurs / windowMs) + 1) * windowMs - firstOurs;
    const share = limit - opts.otherPerWindow;
    const least = firstWindowLeft + (Math.ceil(count / share) - 2) * windowMs;
    const windows = Math.floor(lastOurs / windowMs) - Math.floor(firstOurs / windowMs) + 1;
    const links = sb.state.forKey(sb.key).links.filter((l) => l.url.startsWith(prefix));
    const distinct = new Set(links.map((l) => l.url)).size;
    const elapsed = end - watch.start;
    if (watch.timedOut) console.warn(`  [${label}] timed out after ${opts.timeoutMs} ms: ${watch.done} done, ${watch.failed} failed`);
    return {
      ...(opts.startPhaseMs !== undefined && !other ? { offsetMs: opts.startPhaseMs } : {}),
      startedAtPhaseMs: watch.start % windowMs,
      elapsedMs: elapsed,
      leastMs: least,
      ratio: elapsed / least,
      rejected,
      windows,
      rejectedPerWindow: rejected / windows,
      requested: count,
      created: distinct,
      duplicates: links.length - distinct,
      lost: count - distinct,
      failedJobs: watch.failed,
      firstRequestAfterMs: firstOurs - watch.start,
      lastRequestToEndMs: end - lastOurs,
      eventLagMs: watch.end - end,
      requests: ours.length,
      other: { ...(other?.stats ?? { sent: 0, ok: 0, rejected: 0 }) },
    };
  } finally {
    await h?.close();
    await sb.close();
  }
}
