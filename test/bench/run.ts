/**
 * `npm run bench` (after `npm run build`): measures the built extension in Chromium against
 * the sandbox, prints a table and writes the figures to .output/bench.json. Not a test: a
 * missed target is printed as such, the exit code stays 0 (it is non-zero only when the
 * bench itself could not run). See the "Benchmarks" section of README.md for the definitions.
 *
 *   E2E_EXTENSION_DIR=/tmp/bench-ext npx tsx test/bench/run.ts   # against a copy of the build
 *   BENCH_QUICK=1 …                                              # fewer repetitions (development)
 *   BENCH_ONLY=popup …                                           # the popup and worker figures only (no queue runs)
 *   BENCH_ONLY=queue …                                           # only the queue runs → .output/bench-queue.json
 *   BENCH_ONLY=bulk …                                            # only the bulk page runs → .output/bench-bulk.json
 *   BENCH_ONLY=latency …                                         # only the figures at L = 150 ms → .output/bench-latency.json
 *   BENCH_ONLY=floor …                                           # the two cold opens at L and their floors → .output/bench-floor.json
 *   BENCH_ONLY=h2 …                                              # the two cold opens and floors over HTTP/1.1 and HTTP/2 → .output/bench-h2.json
 *   BENCH_HTTP2=0 …                                              # the full or latency run without the HTTP/2 opens
 *   BENCH_ONLY=worker …                                          # the worker's start and a press beside their floors → .output/bench-worker.json
 *   QUEUE_TRACE=1 …                                              # prints where each queue request fell (window:ms)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_EXTENSION_DIR,
  REPO_ROOT,
  configureExtension,
  launchExtension,
  openBackgroundPage,
  stopWorker,
  waitForWorker,
  type ExtensionHarness,
} from '../e2e/harness';
import { startSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/types';
import { clearCache, expectedOf, installProbe, keepOpen, openAndMeasure, shortenRoundTrips, staticLoadMs } from './popup';
import { QUEUE_TARGETS, queueReport, runQueues } from './queueFigures';
import { BULK_TARGETS, bulkReport, runBulk } from './bulkFigures';
import { measureSizes } from './sizes';
import { runLatency } from './latency';
import { latencyReport } from './latencyFigures';
import { runFloorPart } from './floor/run';
import { floorPartReport } from './floor/figures';
import { runH2 } from './latencyH2';
import { printSideBySide, withH2Report, type OneWay } from './h2Figures';
import { withReferencePopup } from './reference';
import { ask, defineNameHelper, machine, round, stat, type Stat } from './util';
import { coldStart, warmAnswerMs } from './worker';
import { runWorkerPart, workerReport } from './workerStart';

const QUICK = !!process.env.BENCH_QUICK;
const POPUP_ONLY = process.env.BENCH_ONLY === 'popup';
const ONLY_QUEUE = process.env.BENCH_ONLY === 'queue';
const ONLY_BULK = process.env.BENCH_ONLY === 'bulk';
const ONLY_LATENCY = process.env.BENCH_ONLY === 'latency';
const ONLY_FLOOR = process.env.BENCH_ONLY === 'floor';
const ONLY_H2 = process.env.BENCH_ONLY === 'h2';
const WITH_H2 = process.env.BENCH_HTTP2 !== '0';
const ONLY_WORKER = process.env.BENCH_ONLY === 'worker';
const RUNS = {
  // 45 interleaved rounds: with 15, one run's median moved by about ±0.05 between runs of one build.
  popupWarm: QUICK ? 4 : 45,
  popupCold: QUICK ? 2 : 5,
  roundTrip: QUICK ? 3 : 10,
  workerCold: QUICK ? 3 : 10,
  worker: { starts: QUICK ? 3 : 10, presses: QUICK ? 3 : 10 },
  queueContended: QUICK ? 1 : 3,
  latency: {
    presses: QUICK ? 3 : 10,
    pressesMany: QUICK ? 2 : 5,
    coldOpens: QUICK ? 2 : 5,
    recentOpens: QUICK ? 2 : 5,
    bigListCold: QUICK ? 1 : 3,
  },
};
const KB = 1000;
const TARGETS = {
  popupReadyRatio: 2,
  popupVsReference: 1.1,
  popupVsReferenceWorkerStopped: 1.1,
  requestsPerWarmOpen: 0,
  ...QUEUE_TARGETS,
  ...BULK_TARGETS,
  workerFirstAnswerMs: 40,
  popupJsGzipBytes: 75 * KB,
};

const t0 = Date.now();
const loadAtStart = os.loadavg();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (msg: string) => console.log(`[bench ${elapsed()}] ${msg}`);

interface Row {
  figure: string;
  stat?: Stat;
  value?: number;
  unit: string;
  target: string;
  pass?: boolean;
  digits?: number;
}

async function popupAndWorker(extensionDir: string) {
  const sb: Sandbox = await startSandbox({ plan: 'pro', mainLimit: 100_000 });
  let h: ExtensionHarness | undefined;
  try {
    h = await launchExtension({ extensionDir });
    const chromiumVersion = h.context.browser()?.version() ?? '';
    await defineNameHelper(h);
    await installProbe(h, expectedOf(sb));
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const driver = await openBackgroundPage(h, h.url('manifest.json'));
    keepOpen(driver);

    say('popup: warming up (first open fills the cache)');
    await openAndMeasure(h, sb, 'warmup-0');
    await openAndMeasure(h, sb, 'warmup-1');
    await staticLoadMs(h, sb);

    await openAndMeasure(h, sb, 'warmup-ref', 'reference.html');

    say(`popup: ${RUNS.popupWarm} rounds of /static, reference popup, popup, popup with the worker stopped`);
    const ready: number[] = [];
    const reference: number[] = [];
    const stopped: number[] = [];
    const stoppedRequests: number[] = [];
    const statics: number[] = [];
    const warmRequests: number[] = [];
    const pairRatios: number[] = [];
    // The extension's scripts the browser fetches while a popup opens (checks the size figure).
    const fetched: { url: string; at: number }[] = [];
    const prefix = `chrome-extension://${h.extensionId}/`;
    h.context.on('request', (r) => {
      if (r.url().startsWith(prefix) && r.url().endsWith('.js') && !r.url().endsWith('/background.js'))
        fetched.push({ url: r.url().slice(prefix.length), at: Date.now() });
    });
    let jsBeforeReady: string[] = [];
    for (let i = 0; i < RUNS.popupWarm; i++) {
      const s = await staticLoadMs(h, sb);
      // The reference and the popup take turns in opening first, so neither always follows the other.
      const referenceFirst = i % 2 === 1;
      if (referenceFirst) reference.push((await openAndMeasure(h, sb, `ref-${i}`, 'reference.html')).readyMs);
      const r = await openAndMeasure(h, sb, `warm-${i}`);
      statics.push(s);
      ready.push(r.readyMs);
      warmRequests.push(r.apiRequests);
      pairRatios.push(r.readyMs / s);
      if (i === 0) {
        // A fresh page loads every module again (no bfcache across tabs): the list of one open is enough.
        jsBeforeReady = [...new Set(fetched.filter((f) => f.at >= r.openedAt && f.at <= r.readyAt).map((f) => f.url))].sort();
      }
      if (!referenceFirst) reference.push((await openAndMeasure(h, sb, `ref-${i}`, 'reference.html')).readyMs);
      // The open users make most: Chrome has stopped the idle worker (after 30 s) before it.
      await stopWorker(h);
      const st = await openAndMeasure(h, sb, `stopped-${i}`);
      stopped.push(st.readyMs);
      stoppedRequests.push(st.apiRequests);
      await ask(driver, 'getConnection'); // wakes it if the popup did not
      await waitForWorker(h);
    }

    say(`popup: ${RUNS.popupCold} cold opens (clearCache first)`);
    const coldRequests: number[] = [];
    const coldReady: number[] = [];
    for (let i = 0; i < RUNS.popupCold; i++) {
      await clearCache(driver);
      const r = await openAndMeasure(h, sb, `cold-${i}`);
      coldRequests.push(r.apiRequests);
      coldReady.push(r.readyMs);
    }

    say(`popup: ${RUNS.roundTrip} shorten round trips`);
    const urls = Array.from({ length: RUNS.roundTrip }, (_, i) => `https://example.org/bench/roundtrip/${Date.now()}/${i}`);
    const trips = await shortenRoundTrips(h, sb, urls);

    say(`worker: ${RUNS.workerCold} cold starts (stopWorker, then a message from an extension page)`);
    const warmWorker: number[] = [];
    for (let i = 0; i < 5; i++) warmWorker.push(await warmAnswerMs(driver));
    const cold = [];
    for (let i = 0; i < RUNS.workerCold; i++) cold.push(await coldStart(h, driver));
    if (cold.some((c) => !c.ok)) console.warn('  some first messages were not answered with ok');

    return {
      chromiumVersion,
      popupReady: stat(ready),
      reference: stat(reference),
      stopped: stat(stopped),
      stoppedRequests: stat(stoppedRequests),
      staticPage: stat(statics),
      pairRatios: stat(pairRatios),
      warmRequests: stat(warmRequests),
      coldRequests: stat(coldRequests),
      coldReady: stat(coldReady),
      jsBeforeReady,
      roundTrip: stat(trips.map((t) => t.totalMs - t.handlingMs)),
      roundTripTotal: stat(trips.map((t) => t.totalMs)),
      roundTripHandling: stat(trips.map((t) => t.handlingMs)),
      roundTripRequests: stat(trips.map((t) => t.requests)),
      workerFirst: stat(cold.map((c) => c.firstAnswerMs)),
      workerStart: stat(cold.map((c) => c.startMs)),
      workerScript: stat(cold.map((c) => c.scriptToAnswerMs)),
      workerWarm: stat(warmWorker),
    };
  } finally {
    await h?.close();
    await sb.close();
  }
}

function fmt(n: number | undefined, digits = 1): string {
  if (n === undefined || Number.isNaN(n)) return '–';
  return Number.isInteger(n) ? String(n) : n.toFixed(digits);
}

function printTable(rows: Row[]): void {
  const head = ['Figure', 'Median', 'Min', 'Max', 'Target', 'Verdict'];
  const body = rows.map((r) => {
    const d = r.digits ?? 1;
    const u = r.unit ? ` ${r.unit}` : '';
    const median = r.stat ? fmt(r.stat.median, d) + u : fmt(r.value, d) + u;
    return [
      r.figure,
      median,
      r.stat ? fmt(r.stat.min, d) : '',
      r.stat ? fmt(r.stat.max, d) : '',
      r.target,
      r.pass === undefined ? '' : r.pass ? 'PASS' : 'MISS',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
  console.log('');
}

/** The HTTP/2 opens beside `h1`'s (the same figures over HTTP/1.1), added to `report`; prints both side by side after the table. */
async function addH2<R extends Parameters<typeof withH2Report>[0]>(extensionDir: string, report: R, h1: OneWay) {
  if (!WITH_H2) return { report, sideBySide: () => {} };
  const h2 = await runH2(extensionDir, RUNS.latency, say);
  return { report: withH2Report(report, h2, h1), sideBySide: () => printSideBySide(h1, h2) };
}

/** BENCH_ONLY=queue, bulk, latency, floor, h2 or worker: those runs alone, written to .output/bench-<name>.json (bench.json keeps the last full run). */
async function partOnly(extensionDir: string, name: 'queue' | 'bulk' | 'latency' | 'floor' | 'h2' | 'worker') {
  let sideBySide = () => {};
  let report;
  if (name === 'queue') report = queueReport(await runQueues(extensionDir, RUNS.queueContended, say));
  else if (name === 'bulk') report = bulkReport(await runBulk(extensionDir, say));
  else if (name === 'worker') report = workerReport(await runWorkerPart(extensionDir, RUNS.worker, say));
  else if (name === 'floor' || name === 'h2') {
    const f = await runFloorPart(extensionDir, RUNS.latency, say);
    report = floorPartReport(f);
    if (name === 'h2') ({ report, sideBySide } = await addH2(extensionDir, report, { ours: f.ours, floor: f.floors }));
  } else {
    const f = await runLatency(extensionDir, RUNS.latency, say);
    ({ report, sideBySide } = await addH2(extensionDir, latencyReport(f), { ours: f, floor: f.floors }));
  }
  printTable(report.rows);
  sideBySide();
  const json = {
    ...report.json,
    machine: machine(),
    targets: report.targets,
    pass: report.pass,
    details: { runs: RUNS, ...report.details },
    quick: QUICK,
    loadAverage: { atStart: loadAtStart.map((v) => round(v, 2)), atEnd: os.loadavg().map((v) => round(v, 2)) },
    extensionDir,
    takenAt: new Date().toISOString(),
    benchSeconds: Math.round((Date.now() - t0) / 1000),
  };
  const out = join(REPO_ROOT, `.output/bench-${name}.json`);
  mkdirSync(join(REPO_ROOT, '.output'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(
    `Load average (1/5/15 min) at start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at end ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(`Written: ${out} (${elapsed()})`);
}

async function main() {
  const extensionDir = DEFAULT_EXTENSION_DIR;
  say(`extension: ${extensionDir}${QUICK ? ' (BENCH_QUICK: fewer repetitions)' : ''}`);
  if (ONLY_QUEUE) return partOnly(extensionDir, 'queue');
  if (ONLY_BULK) return partOnly(extensionDir, 'bulk');
  if (ONLY_LATENCY) return partOnly(extensionDir, 'latency');
  if (ONLY_FLOOR) return partOnly(extensionDir, 'floor');
  if (ONLY_H2) return partOnly(extensionDir, 'h2');
  if (ONLY_WORKER) return partOnly(extensionDir, 'worker');
  const sizes = measureSizes(extensionDir);
  const withReference = await withReferencePopup(extensionDir);
  say(`reference popup: ${withReference.jsBytes} B of JS, in ${withReference.dir}`);
  const p = await popupAndWorker(withReference.dir);
  const queue = queueReport(POPUP_ONLY ? { alone: [], contended: [], human: [] } : await runQueues(extensionDir, RUNS.queueContended, say));
  const bulk = bulkReport(POPUP_ONLY ? { runs: [], floor: null } : await runBulk(extensionDir, say));
  const latencyFigures = await runLatency(extensionDir, RUNS.latency, say);
  const both = await addH2(extensionDir, latencyReport(latencyFigures), { ours: latencyFigures, floor: latencyFigures.floors });
  const latency = both.report;
  const worker = workerReport(await runWorkerPart(extensionDir, RUNS.worker, say));

  const ratio = p.popupReady.median / p.staticPage.median;
  const vsReference = p.popupReady.median / p.reference.median;
  const refVsStatic = p.reference.median / p.staticPage.median;
  const vsReferenceStopped = p.stopped.median / p.reference.median;
  const jsOk = sizes.popupJsGzipBytes <= TARGETS.popupJsGzipBytes;
  // The files counted for the popup must be those the browser fetched before the popup was ready.
  const counted = sizes.popupFiles.map((f) => f.file).sort();
  const jsMatches = JSON.stringify(counted) === JSON.stringify(p.jsBeforeReady);
  if (!jsMatches)
    console.warn(
      `  popup JS counted (${counted.join(', ')}) differs from what the browser fetched before ready (${p.jsBeforeReady.join(', ')})`,
    );

  const rows: Row[] = [
    { figure: 'Popup ready, warm cache', stat: p.popupReady, unit: 'ms', target: '' },
    { figure: 'Static page load (/static)', stat: p.staticPage, unit: 'ms', target: '' },
    {
      figure: 'Popup ready / static page',
      value: ratio,
      stat: { ...p.pairRatios, median: ratio },
      unit: '×',
      digits: 2,
      target: `≤ ${TARGETS.popupReadyRatio}×`,
      pass: ratio <= TARGETS.popupReadyRatio,
    },
    { figure: 'Reference popup ready (same form, same data)', stat: p.reference, unit: 'ms', target: '' },
    // The floor of the ratio above: a minimal React popup doing the same job, in the same rounds.
    { figure: '  reference popup ready / static page', value: refVsStatic, unit: '×', digits: 2, target: '(floor)' },
    {
      figure: 'Popup ready / reference popup',
      value: vsReference,
      unit: '×',
      digits: 3,
      target: `≤ ${TARGETS.popupVsReference}×`,
      pass: vsReference <= TARGETS.popupVsReference,
    },
    { figure: 'Popup ready, worker stopped', stat: p.stopped, unit: 'ms', target: '' },
    {
      figure: 'Popup ready, worker stopped / reference',
      value: vsReferenceStopped,
      unit: '×',
      digits: 3,
      target: `≤ ${TARGETS.popupVsReferenceWorkerStopped}×`,
      pass: vsReferenceStopped <= TARGETS.popupVsReferenceWorkerStopped,
    },
    {
      figure: 'API requests per open, worker stopped',
      stat: p.stoppedRequests,
      unit: '',
      target: '0 (every open)',
      pass: p.stoppedRequests.max === 0,
    },
    { figure: 'Popup ready, cold cache', stat: p.coldReady, unit: 'ms', target: '' },
    {
      figure: 'API requests per warm open',
      stat: p.warmRequests,
      unit: '',
      target: '0 (every open)',
      pass: p.warmRequests.max <= TARGETS.requestsPerWarmOpen,
    },
    { figure: 'API requests per cold open', stat: p.coldRequests, unit: '', target: '' },
    { figure: 'Shorten round trip (less server time)', stat: p.roundTrip, unit: 'ms', target: '' },
    ...queue.rows,
    ...bulk.rows,
    ...latency.rows,
    ...worker.rows,
    {
      figure: 'Worker first answer after stop',
      stat: p.workerFirst,
      unit: 'ms',
      target: `≤ ${TARGETS.workerFirstAnswerMs} ms`,
      pass: p.workerFirst.median <= TARGETS.workerFirstAnswerMs,
    },
    { figure: '  of which: browser starts the worker', stat: p.workerStart, unit: 'ms', target: '' },
    { figure: '  of which: worker origin → answer', stat: p.workerScript, unit: 'ms', target: '' },
    { figure: 'Worker answer, running (reference)', stat: p.workerWarm, unit: 'ms', target: '' },
    {
      figure: 'Popup JS before usable (gzip)',
      value: sizes.popupJsGzipBytes,
      unit: 'B',
      target: `≤ ${TARGETS.popupJsGzipBytes} B`,
      pass: jsOk,
    },
    { figure: 'Whole build .js/.css/.html (gzip)', value: sizes.buildGzipBytes, unit: 'B', target: '' },
  ];
  printTable(rows);
  both.sideBySide();

  const mach = machine(p.chromiumVersion);
  const withRange = (name: string, s: Stat, digits = 1) => ({
    [name]: round(s.median, digits),
    [`${name}Min`]: round(s.min, digits),
    [`${name}Max`]: round(s.max, digits),
  });
  const json = {
    ...withRange('popupReadyMs', p.popupReady),
    ...withRange('staticPageMs', p.staticPage),
    popupReadyRatio: round(ratio, 3),
    referenceReadyRatio: round(refVsStatic, 3),
    popupReadyRatioMin: round(p.pairRatios.min, 3),
    popupReadyRatioMax: round(p.pairRatios.max, 3),
    ...withRange('referencePopupReadyMs', p.reference),
    popupVsReference: round(vsReference, 3),
    ...withRange('popupReadyWorkerStoppedMs', p.stopped),
    popupVsReferenceWorkerStopped: round(vsReferenceStopped, 3),
    ...withRange('requestsPerWorkerStoppedOpen', p.stoppedRequests),
    referencePopupJsBytes: withReference.jsBytes,
    ...withRange('requestsPerWarmOpen', p.warmRequests),
    ...withRange('requestsPerColdOpen', p.coldRequests),
    ...withRange('popupReadyColdMs', p.coldReady),
    ...withRange('shortenRoundTripMs', p.roundTrip),
    ...withRange('shortenRoundTripTotalMs', p.roundTripTotal),
    ...withRange('shortenHandlingMs', p.roundTripHandling, 3),
    ...queue.json,
    ...bulk.json,
    ...latency.json,
    ...worker.json,
    ...withRange('workerFirstAnswerMs', p.workerFirst),
    ...withRange('workerOriginAfterSendMs', p.workerStart),
    ...withRange('workerScriptToAnswerMs', p.workerScript),
    ...withRange('workerWarmAnswerMs', p.workerWarm),
    popupJsGzipBytes: sizes.popupJsGzipBytes,
    popupJsBytes: sizes.popupJsBytes,
    buildGzipBytes: sizes.buildGzipBytes,
    buildBytes: sizes.buildBytes,
    machine: mach,
    targets: { ...TARGETS, ...latency.targets, ...worker.targets },
    pass: {
      popupReadyRatio: ratio <= TARGETS.popupReadyRatio,
      popupVsReference: vsReference <= TARGETS.popupVsReference,
      popupVsReferenceWorkerStopped: vsReferenceStopped <= TARGETS.popupVsReferenceWorkerStopped,
      requestsPerWarmOpen: p.warmRequests.max <= TARGETS.requestsPerWarmOpen,
      ...queue.pass,
      ...bulk.pass,
      ...latency.pass,
      ...worker.pass,
      workerFirstAnswerMs: p.workerFirst.median <= TARGETS.workerFirstAnswerMs,
      popupJsGzipBytes: jsOk,
    },
    details: {
      runs: RUNS,
      ...queue.details,
      ...bulk.details,
      ...latency.details,
      ...worker.details,
      popupJsFiles: sizes.popupFiles,
      popupJsFetchedBeforeReady: p.jsBeforeReady,
      popupJsMatchesBrowser: jsMatches,
      popupLazyFiles: sizes.popupLazyFiles,
      popupUnlistedStaticImports: sizes.popupUnlistedStaticImports,
      buildFiles: sizes.buildFiles,
      shortenRequestsPerRoundTrip: p.roundTripRequests.median,
      raw: {
        popupReadyMs: p.popupReady.values.map((v) => round(v)),
        referencePopupReadyMs: p.reference.values.map((v) => round(v)),
        popupReadyWorkerStoppedMs: p.stopped.values.map((v) => round(v)),
        staticPageMs: p.staticPage.values.map((v) => round(v)),
        workerFirstAnswerMs: p.workerFirst.values.map((v) => round(v)),
      },
    },
    quick: QUICK,
    popupOnly: POPUP_ONLY,
    loadAverage: { atStart: loadAtStart.map((v) => round(v, 2)), atEnd: os.loadavg().map((v) => round(v, 2)) },
    extensionDir,
    takenAt: new Date().toISOString(),
    benchSeconds: Math.round((Date.now() - t0) / 1000),
  };
  const out = join(REPO_ROOT, '.output/bench.json');
  mkdirSync(join(REPO_ROOT, '.output'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`Machine: ${mach}`);
  console.log(
    `Load average (1/5/15 min) at start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at end ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(`Written: ${out} (${elapsed()})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
