/**
 * The human-paced queue figure: a user presses Shorten (with a campaign) `presses` times,
 * `gapMs` apart, THROUGH THE EXTENSION, against a sandbox allowing `limit` requests per
 * `windowMs` in both groups, answering as real deployments do: the shortening group refuses
 * with HTTP 429, the main group (the campaign step) with HTTP 200 `{"error":429}`, and the
 * reset comes in unix seconds only.
 */
import { configureExtension, launchExtension, openBackgroundPage, withTimeout, type ExtensionHarness } from '../e2e/harness';
import { startSandbox } from '../sandbox/server';
import type { LoggedRequest } from '../sandbox/types';
import { lastSettledAt, sendAndWatch, untilPhase } from './queue';
import { ask, defineNameHelper, sleep, waitQuiet } from './util';

export interface HumanOptions {
  extensionDir?: string;
  presses: number;
  gapMs: number;
  limit: number;
  windowMs: number;
  /** The first press this long after a window boundary. */
  startPhaseMs: number;
  timeoutMs: number;
}

export interface HumanRun {
  offsetMs: number;
  startedAtPhaseMs: number;
  /** From the first press to the worker settling the last job (ms). */
  elapsedMs: number;
  /** The least the budgets allow for the presses as they were made (requests take no time) (ms). */
  leastMs: number;
  ratio: number;
  /** Refused requests of ours, per group, and the most refusals in one window of one group. */
  refusedShorten: number;
  refusedMain: number;
  maxRefusalsPerWindow: number;
  windows: number;
  created: number;
  duplicates: number;
  lost: number;
  /** Links of ours in the campaign, and campaign steps the server accepted more than once. */
  assigned: number;
  assignedTwice: number;
  failedJobs: number;
}

/** Sends at `t` or later in aligned windows of `windowMs` holding `limit` each; returns the send times. */
function greedy(arrivals: number[], limit: number, windowMs: number): number[] {
  const used = new Map<number, number>();
  let last = -Infinity;
  return arrivals.map((a) => {
    let t = Math.max(a, last);
    for (;;) {
      const k = Math.floor(t / windowMs);
      if ((used.get(k) ?? 0) < limit) {
        used.set(k, (used.get(k) ?? 0) + 1);
        last = t;
        return t;
      }
      t = (k + 1) * windowMs;
    }
  });
}

/** The least time from the first press to the last campaign step, with both groups' budgets. */
export function leastForPresses(presses: number[], limit: number, windowMs: number): number {
  const shortens = greedy(presses, limit, windowMs);
  const assigns = greedy(shortens, limit, windowMs);
  return Math.max(...assigns) - presses[0]!;
}

function refusalsPerWindow(log: readonly LoggedRequest[], windowMs: number): number {
  const per = new Map<string, number>();
  for (const l of log)
    if (l.rateLimited)
      per.set(`${l.group}:${Math.floor(l.at / windowMs)}`, (per.get(`${l.group}:${Math.floor(l.at / windowMs)}`) ?? 0) + 1);
  return Math.max(0, ...per.values());
}

/** One human-paced run in a fresh browser profile against a fresh sandbox. */
export async function humanRun(opts: HumanOptions, label: string): Promise<HumanRun> {
  const { limit, windowMs } = opts;
  const sb = await startSandbox({
    plan: 'pro',
    mainLimit: limit,
    mainWindowMs: windowMs,
    shortenLimit: limit,
    shortenWindowMs: windowMs,
    rateWindow: 'aligned',
    realDeployment: true, // the main group refuses with HTTP 200 {"error":429}
    resetMs: false,
  });
  let h: ExtensionHarness | undefined;
  try {
    h = await launchExtension({ extensionDir: opts.extensionDir });
    await defineNameHelper(h);
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const driver = await openBackgroundPage(h, h.url('manifest.json'));
    // What the popup asks for when it opens, before the user presses: the account and the lists.
    for (const [type, data] of [
      ['getAccount', {}],
      ['getList', { name: 'domains' }],
      ['getList', { name: 'campaigns' }],
    ] as const) {
      const answer = await ask(driver, type, data);
      if (!answer.ok) throw new Error(`${type} failed before the human-paced run: ${JSON.stringify(answer.error)}`);
    }
    await waitQuiet(sb.log, 500, 20_000);
    const campaignId = sb.state.forKey(sb.key).campaigns[0]!.id;
    await untilPhase(windowMs, opts.startPhaseMs);
    const prefix = `https://example.org/bench/${label}/${Date.now()}/`;
    const logFrom = sb.log.length;
    const watch = await withTimeout(
      sendAndWatch(driver, { prefix, count: opts.presses, timeoutMs: opts.timeoutMs, gapMs: opts.gapMs, campaignId }),
      opts.timeoutMs + 10_000,
      'The human-paced run did not end',
    );
    await sleep(200); // answers still on the wire reach the log
    const settledAt = await lastSettledAt(driver, prefix);
    const end = !watch.timedOut && settledAt > 0 ? settledAt : watch.end;
    const first = watch.presses[0]!;
    const ours = sb.log.slice(logFrom).filter((l) => l.group !== 'page');
    const links = sb.state.forKey(sb.key).links.filter((l) => l.url.startsWith(prefix));
    const distinct = new Set(links.map((l) => l.url)).size;
    const linkIds = new Set(links.map((l) => String(l.id)));
    const assignsAccepted = ours.filter((l) => /\/assign\//.test(l.path) && !l.rateLimited && l.status === 200);
    const assignedPerLink = new Map<string, number>();
    for (const l of assignsAccepted) {
      const id = l.path.split('/').at(-1)!;
      if (linkIds.has(id)) assignedPerLink.set(id, (assignedPerLink.get(id) ?? 0) + 1);
    }
    const least = leastForPresses(watch.presses, limit, windowMs);
    const lastAt = ours.at(-1)?.at ?? end;
    if (watch.timedOut) console.warn(`  [${label}] timed out after ${opts.timeoutMs} ms: ${watch.done} done, ${watch.failed} failed`);
    return {
      offsetMs: opts.startPhaseMs,
      startedAtPhaseMs: first % windowMs,
      elapsedMs: end - first,
      leastMs: least,
      ratio: (end - first) / least,
      refusedShorten: ours.filter((l) => l.rateLimited && l.group === 'shorten').length,
      refusedMain: ours.filter((l) => l.rateLimited && l.group === 'main').length,
      maxRefusalsPerWindow: refusalsPerWindow(ours, windowMs),
      windows: Math.floor(lastAt / windowMs) - Math.floor(first / windowMs) + 1,
      created: distinct,
      duplicates: links.length - distinct,
      lost: opts.presses - distinct,
      assigned: links.filter((l) => l.campaign_id === campaignId).length,
      assignedTwice: [...assignedPerLink.values()].filter((n) => n > 1).length,
      failedJobs: watch.failed,
    };
  } finally {
    await h?.close();
    await sb.close();
  }
}
