/**
 * The two cold opens that the latency figures and their floors (test/bench/floor) time the same
 * way, in a browser of their own against a sandbox at L: the popup opened with the worker
 * stopped (lists filled − warm ready, / L), and the options page's 1,000 campaigns (open → all
 * shown, / L). `ours` is the project's build (its cache emptied first); `floor` the floor
 * extension (no cache: stopping its worker forgets its lists); `direct` the floor's options page
 * fetching from the service itself. `http2`: the same over HTTPS with HTTP/2 (test/bench/http2.ts).
 */
import type { Page } from 'playwright-core';
import {
  configureExtension,
  evalInWorker,
  launchExtension,
  openBackgroundPage,
  openOptions,
  stopWorker,
  waitForWorker,
  type ExtensionHarness,
} from '../e2e/harness';
import { startSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/types';
import type { FloorPhases } from './floor/phases';
import { wireOf, type Wire } from './floor/wire';
import { trustSandbox } from './http2';
import { bigListProbe } from './latencyPage';
import { clearCache, closeAll, expectedOf, installProbe, keepOpen, openAndMeasure } from './popup';
import { ask, defineNameHelper, stat, waitQuiet, type Stat } from './util';

/** The service's distance: every API answer leaves this long after its request arrived. */
export const LATENCY_MS = 150;
/** The long list of the options page: campaigns, and how many the service sends a page. */
export const BIG_LIST = { campaigns: 1000, perPage: 100 };

export type Variant = 'ours' | 'floor' | 'direct';

export interface Browsing {
  h: ExtensionHarness;
  sb: Sandbox;
  /** An extension page kept open (sends the project's messages). */
  driver: Page;
}

/** A sandbox at L (with BIG_LIST's campaigns when `bigList`) and a browser with `extensionDir` pointed at it, for `fn`. */
export async function withLatencyBrowser<T>(
  extensionDir: string,
  opts: {
    bigList?: boolean;
    init?: (h: ExtensionHarness, sb: Sandbox) => Promise<void>;
    /** The floor extension: no key to save (its worker reads the stored connection). */ floor?: boolean;
    /** The sandbox over HTTPS with HTTP/2, its certificate trusted by this browser only (`extensionDir` must grant https loopback). */
    http2?: boolean;
  },
  fn: (b: Browsing) => Promise<T>,
): Promise<T> {
  const sb: Sandbox = await startSandbox({ plan: 'pro', mainLimit: 100_000, latencyMs: LATENCY_MS, http2: !!opts.http2 });
  let h: ExtensionHarness | undefined;
  try {
    if (opts.bigList) {
      const data = sb.state.forKey(sb.key);
      for (let i = data.campaigns.length; i < BIG_LIST.campaigns; i++)
        data.campaigns.push({ id: sb.state.nextId('campaign'), name: `Bench campaign ${i}`, slug: null, public: false, nameKey: 'name' });
    }
    h = await launchExtension({ extensionDir, args: trustSandbox(sb) });
    await defineNameHelper(h);
    if (opts.bigList) await h.context.addInitScript(bigListProbe, BIG_LIST.campaigns);
    else await installProbe(h, expectedOf(sb));
    await opts.init?.(h, sb);
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const driver = await openBackgroundPage(h, h.url('manifest.json'));
    keepOpen(driver);
    // Saved as a user saves it (options page, Save): the worker checks the key with the service,
    // whose answer tells its rate budget. A key written to storage unchecked left the budget
    // unknown, and the first open of each browser then sent one request alone (the gate's rule
    // until the service has told its figures), a state no user who saved a key is in.
    if (!opts.floor) {
      const saved = await ask(driver, 'saveConnection', { serviceUrl: sb.url, apiKey: sb.key });
      if (!saved.ok) throw new Error(`saveConnection: ${JSON.stringify(saved.error)}`);
    }
    return await fn({ h, sb, driver });
  } finally {
    await h?.close();
    await sb.close();
  }
}

/** When the running worker's global scope was made (its time origin), ms after `pageOrigin`: the worker's start in this open. */
const workerStartedMs = async (h: ExtensionHarness, pageOrigin: number) =>
  (await evalInWorker(h, () => performance.timeOrigin, undefined)) - pageOrigin;

const floorPhases = (page: Page) => page.evaluate(() => (window as unknown as { __floorPhases?: FloorPhases }).__floorPhases);

export interface ColdLists {
  warmReady: Stat;
  warmRequests: Stat;
  /** (cold ready − median warm ready) / L, per open. */
  overL: Stat;
  coldReady: Stat;
  wire: Wire[];
  phases: FloorPhases[];
  /** The worker's time origin, ms after the popup's navigation started (the worker's start). */
  workerStartMs: Stat;
}

/**
 * Two warm-ups, five warm opens (the warm ready), then `n` cold opens: the cache emptied
 * (`ours`), the worker stopped (CDP ServiceWorker.stopWorker), the popup opened and timed until
 * its lists are filled (test/bench/popup.ts, readinessProbe).
 */
export async function coldLists({ h, sb, driver }: Browsing, variant: Variant, n: number): Promise<ColdLists> {
  const prefix = `lat-${variant}`;
  await openAndMeasure(h, sb, `${prefix}-warmup-0`);
  await openAndMeasure(h, sb, `${prefix}-warmup-1`);
  const warm: number[] = [];
  const warmRequests: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await openAndMeasure(h, sb, `${prefix}-warm-${i}`);
    warm.push(r.readyMs);
    warmRequests.push(r.apiRequests);
  }
  const warmReady = stat(warm);
  const cold: number[] = [];
  const wire: Wire[] = [];
  const phases: FloorPhases[] = [];
  const started: number[] = [];
  for (let i = 0; i < n; i++) {
    if (variant === 'ours') await clearCache(driver);
    await stopWorker(h);
    const r = await openAndMeasure(h, sb, `${prefix}-cold-${i}`, 'popup.html', async (page) => {
      const p = await floorPhases(page);
      if (p) phases.push(p);
    });
    cold.push(r.readyMs);
    wire.push(wireOf(sb.log, r.openedAt, r.readyAt - r.readyMs));
    if (variant === 'ours') await ask(driver, 'getConnection'); // wakes it if the popup did not
    await waitForWorker(h);
    started.push(await workerStartedMs(h, r.readyAt - r.readyMs));
  }
  const overL = stat(cold.map((c) => (c - warmReady.median) / LATENCY_MS));
  return { warmReady, warmRequests: stat(warmRequests), overL, coldReady: stat(cold), wire, phases, workerStartMs: stat(started) };
}

export interface BigList {
  overL: Stat;
  wire: Wire[];
  phases: FloorPhases[];
  /** As ColdLists' (none for `direct`). */
  workerStartMs: Stat;
}

/** `n` opens of the options page until "1000 campaigns" shows: the cache emptied (`ours`) and the worker stopped first (not for `direct`). */
export async function bigList({ h, sb, driver }: Browsing, variant: Variant, n: number): Promise<BigList> {
  const out: number[] = [];
  const wire: Wire[] = [];
  const phases: FloorPhases[] = [];
  const started: number[] = [];
  for (let i = 0; i < n; i++) {
    if (variant === 'ours') await clearCache(driver);
    if (variant !== 'direct') await stopWorker(h);
    let origin = NaN;
    const from = Date.now();
    let page: Page;
    if (variant === 'direct') {
      // What openOptions does, on options.html?direct.
      page = await h.context.newPage();
      await page.goto(h.url('options.html?direct'), { waitUntil: 'load', timeout: 30_000 });
    } else page = await openOptions(h, 30_000);
    try {
      await page.waitForFunction(() => typeof (window as unknown as { __benchBigList?: unknown }).__benchBigList === 'number', undefined, {
        timeout: 60_000,
      });
      const r = await page.evaluate(() => ({
        ms: (window as unknown as { __benchBigList: number }).__benchBigList,
        origin: performance.timeOrigin,
      }));
      out.push(r.ms / LATENCY_MS);
      origin = r.origin;
      await waitQuiet(sb.log, 300);
      wire.push(wireOf(sb.log, from, r.origin));
      const p = await floorPhases(page);
      if (p) phases.push(p);
    } finally {
      await closeAll(h, page);
    }
    if (variant === 'ours') await ask(driver, 'getConnection');
    if (variant === 'direct') continue;
    await waitForWorker(h);
    started.push(await workerStartedMs(h, origin));
  }
  return { overL: stat(out), wire, phases, workerStartMs: stat(started) };
}
