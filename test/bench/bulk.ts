/**
 * The bulk figure: N addresses pasted into the bulk page and "Shorten all" pressed, against a
 * sandbox allowing `limit` shortens per `windowMs` (aligned windows). Elapsed: from the press to
 * the worker settling the last job of the batch (its settledAt); the least possible is the rest
 * of the first window (from our first request) plus the full windows the budget needs.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import { configureExtension, launchExtension, withTimeout, type ExtensionHarness } from '../e2e/harness';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { sleep } from './util';

declare const chrome: typeof Browser;

export interface BulkOptions {
  extensionDir?: string;
  count: number;
  limit: number;
  windowMs: number;
  /** Press "Shorten all" this long after a window boundary (the runs spread over the window). */
  startPhaseMs: number;
  timeoutMs: number;
}

export interface BulkRun {
  elapsedMs: number;
  leastMs: number;
  ratio: number;
  /** Our requests the server refused (429). */
  rejected: number;
  /** Addresses with no link on the service. */
  lost: number;
  /** Links made more than once for one address. */
  duplicates: number;
  /** What the page's line said at the end ("60 of 60 made"). */
  pageLine: string;
  firstRequestAfterMs: number;
  /** Our requests' arrival, ms after the press (details). */
  requestsAtMs: number[];
}

/**
 * A fresh sandbox allowing `limit` shortens per `windowMs` (aligned windows) and a fresh browser
 * profile connected to it, on the bulk page; both are closed after `run` (the bulk run and its floor).
 */
export async function onBulkPage<T>(
  opts: { extensionDir?: string; limit: number; windowMs: number },
  run: (page: Page, sb: Sandbox) => Promise<T>,
): Promise<T> {
  const sb = await startSandbox({
    plan: 'pro',
    mainLimit: 100_000,
    shortenLimit: opts.limit,
    shortenWindowMs: opts.windowMs,
    rateWindow: 'aligned',
  });
  let h: ExtensionHarness | undefined;
  try {
    h = await launchExtension({ extensionDir: opts.extensionDir });
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const page = await h.context.newPage();
    await page.goto(h.url('bulk.html'));
    return await run(page, sb);
  } finally {
    await h?.close();
    await sb.close();
  }
}

/**
 * Presses the focused button `startPhaseMs` after the next window boundary, as a keyboard user
 * does (Enter): a Playwright click spends about 65 ms on its own checks before the page sees it,
 * so "pressed at 1900 ms" would be pressed at about 1965 ms (measured: a minimal page pressed by
 * a click lands its first request 67–71 ms after it, by Enter 7–13 ms). Returns the press time
 * and where the sandbox's log stood.
 */
export async function pressAtPhase(
  page: Page,
  sb: Sandbox,
  windowMs: number,
  startPhaseMs: number,
): Promise<{ start: number; logFrom: number }> {
  const boundary = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
  await sleep(boundary + startPhaseMs - Date.now());
  const logFrom = sb.log.length;
  const start = Date.now();
  await page.keyboard.press('Enter');
  return { start, logFrom };
}

/** One run in a fresh browser profile against a fresh sandbox. */
export async function bulkRun(opts: BulkOptions, label: string): Promise<BulkRun> {
  const { count, limit, windowMs } = opts;
  return onBulkPage(opts, async (page, sb) => {
    const prefix = `https://example.org/bench/bulk/${label}/${Date.now()}/`;
    const urls = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    await page.getByRole('textbox', { name: 'Addresses' }).fill(urls.join('\n'));
    await page.getByText(`${count} to shorten`, { exact: true }).waitFor();
    // Wait for the lists (the press must not race the first screen's loading).
    await page.waitForFunction(() => !document.body.textContent?.includes('Loading…'));
    await page.getByRole('button', { name: 'Shorten all' }).focus();
    const { start, logFrom } = await pressAtPhase(page, sb, windowMs, opts.startPhaseMs);
    await withTimeout(
      page.getByText(`${count} of ${count} made`, { exact: true }).waitFor({ timeout: opts.timeoutMs }),
      opts.timeoutMs + 5000,
      'The bulk run did not end',
    );
    const pageLine = (await page.locator('.bulk-count').textContent()) ?? '';
    await sleep(200); // answers still on the wire reach the log
    const settledAt = await page.evaluate(async (pre) => {
      const jobs = ((await chrome.storage.local.get('queue')).queue ?? []) as { settledAt?: number; args?: { url?: string } }[];
      return Math.max(0, ...jobs.filter((j) => j.args?.url?.startsWith(pre)).map((j) => j.settledAt ?? 0));
    }, prefix);
    const ours = sb.log.slice(logFrom).filter((l) => l.group === 'shorten');
    const firstOurs = ours[0]?.at ?? start;
    const firstWindowLeft = (Math.floor(firstOurs / windowMs) + 1) * windowMs - firstOurs;
    const least = firstWindowLeft + (Math.ceil(count / limit) - 2) * windowMs;
    const links = sb.state.forKey(sb.key).links.filter((l) => l.url.startsWith(prefix));
    const distinct = new Set(links.map((l) => l.url)).size;
    const elapsed = settledAt - start;
    return {
      elapsedMs: elapsed,
      leastMs: least,
      ratio: elapsed / least,
      rejected: ours.filter((l) => l.rateLimited).length,
      lost: count - distinct,
      duplicates: links.length - distinct,
      pageLine,
      firstRequestAfterMs: firstOurs - start,
      requestsAtMs: ours.map((l) => l.at - start),
    };
  });
}
