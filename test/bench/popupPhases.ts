/**
 * Where an open of the popup spends its time beside the reference popup (not part of
 * `npm run bench`): the two pages open in turns in one browser, and each open is cut into three
 * phases, measured from outside the extension (an init script; nothing in the product changes):
 *   page    = the navigation's start → the page's HTML received (responseEnd)
 *   parse   = → parsing done (domInteractive)
 *   load    = parsing done → the first storage.local.get call
 *   storage = that call → its answer reaches the page
 *   render  = that answer → the form is in the page (first DOM change under #root)
 * and "ready" as `npm run bench` has it. Prints the median of each phase over the opens. The
 * popup starts its reads before evaluating React, so its "storage" also holds that evaluation:
 * compare load + storage.
 *
 *   npm run build && npx tsx test/bench/popupPhases.ts [rounds=30]
 */
import type { Browser } from 'wxt/browser';
import { DEFAULT_EXTENSION_DIR, configureExtension, launchExtension, openBackgroundPage, openPopupFor } from '../e2e/harness';
import { startSandbox } from '../sandbox/server';
import { closeAll, expectedOf, installProbe, keepOpen, openAndMeasure } from './popup';
import { withReferencePopup } from './reference';
import { defineNameHelper, round, sleep, stat } from './util';

declare const chrome: typeof Browser;

interface PhaseWindow {
  __benchReady?: number | null;
  __phases?: { storageCall?: number; storageDone?: number; rendered?: number };
}

/** In popup.html and reference.html: times the first storage read and the first render. */
function phaseMarks(): void {
  if (location.protocol !== 'chrome-extension:' || !/\/(popup|reference)\.html$/.test(location.pathname)) return;
  const w = window as unknown as PhaseWindow;
  const marks: NonNullable<PhaseWindow['__phases']> = (w.__phases = {});
  const local = chrome.storage.local;
  const get = local.get.bind(local) as (...args: unknown[]) => Promise<unknown>;
  (local as unknown as { get: typeof get }).get = (...args) => {
    marks.storageCall ??= performance.now();
    const answer = get(...args);
    void answer.then(() => (marks.storageDone ??= performance.now()));
    return answer;
  };
  new MutationObserver(() => {
    if (marks.rendered === undefined && document.getElementById('root')?.firstChild) marks.rendered = performance.now();
  }).observe(document, { subtree: true, childList: true });
}

interface Phases {
  page: number;
  parse: number;
  load: number;
  storage: number;
  render: number;
  ready: number;
}

async function main() {
  const rounds = Number(process.argv[2] ?? 30);
  const withReference = await withReferencePopup(DEFAULT_EXTENSION_DIR);
  const sb = await startSandbox({ plan: 'pro', mainLimit: 100_000 });
  const h = await launchExtension({ extensionDir: withReference.dir });
  try {
    await defineNameHelper(h);
    await installProbe(h, expectedOf(sb));
    await h.context.addInitScript(phaseMarks);
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    keepOpen(await openBackgroundPage(h, h.url('manifest.json')));
    await openAndMeasure(h, sb, 'warmup-0'); // fills the cache the reference reads too
    await openAndMeasure(h, sb, 'warmup-1');
    const pages = ['popup', 'reference'] as const;
    const rows: Record<(typeof pages)[number], Phases[]> = { popup: [], reference: [] };
    for (let i = 0; i < rounds; i++) {
      for (const name of i % 2 ? [...pages].reverse() : pages) {
        const page = await openPopupFor(h, `${sb.url}/page/phases-${i}`, { page: `${name}.html` });
        await page.waitForFunction(() => typeof (window as unknown as PhaseWindow).__benchReady === 'number', undefined, {
          timeout: 20_000,
        });
        await sleep(150);
        const r = await page.evaluate(() => {
          const w = window as unknown as PhaseWindow;
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const m = w.__phases ?? {};
          return { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive, ...m, ready: w.__benchReady as number };
        });
        if (process.env.PHASES_DEBUG) console.log(name, JSON.stringify(r));
        rows[name].push({
          page: r.responseEnd,
          parse: r.domInteractive - r.responseEnd,
          load: (r.storageCall ?? NaN) - r.domInteractive,
          storage: (r.storageDone ?? NaN) - (r.storageCall ?? NaN),
          render: (r.rendered ?? NaN) - (r.storageDone ?? NaN),
          ready: r.ready,
        });
        await closeAll(h, page); // the popup and the page it was opened on
      }
    }
    const missing = [...rows.popup, ...rows.reference].filter((p) => Object.values(p).some((v) => !Number.isFinite(v))).length;
    if (missing) console.warn(`${missing} opens lack a mark (no storage read or no render seen): left out`);
    const median = (list: Phases[], k: keyof Phases) => round(stat(list.map((p) => p[k]).filter(Number.isFinite)).median, 2);
    console.log(`${rounds} rounds, medians in ms (popup | reference | difference):`);
    for (const k of ['page', 'parse', 'load', 'storage', 'render', 'ready'] as const) {
      const a = median(rows.popup, k);
      const b = median(rows.reference, k);
      console.log(`  ${k.padEnd(8)} ${String(a).padStart(7)} ${String(b).padStart(7)} ${String(round(a - b, 2)).padStart(7)}`);
    }
    console.log(`  ready ÷ reference: ${round(median(rows.popup, 'ready') / median(rows.reference, 'ready'), 3)}`);
  } finally {
    await h.close();
    await sb.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
