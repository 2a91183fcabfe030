/**
 * The worker's own start beside its floor's, and a press beside a press's floor, in one run
 * (`BENCH_ONLY=worker`; a full run includes it). Two browsers at once, each against its own
 * sandbox at L, taking turns:
 * - `workerStartMs`: the worker stopped (CDP), an extension page asks for a list with the cache
 *   emptied; from the new worker's time origin (its global scope made) to its first API request
 *   arriving at the sandbox. The floor (test/bench/floor) is asked for its lists the same way.
 * - `pressFloorOverheadMs`: Shorten pressed in the project's popup (a campaign and a channel
 *   chosen, as `pressToLinkOverheadMs`) and in the press floor's (test/bench/pressFloor: one
 *   message, one `POST /api/shorten`, the link drawn and copied), press → link shown, less L.
 */
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { evalInWorker, openPopupFor, stopWorker, waitForWorker, type ExtensionHarness } from '../e2e/harness';
import type { Sandbox } from '../sandbox/types';
import { buildFloorExtension } from './floor/build';
import { buildPressFloor } from './pressFloor/build';
import { LATENCY_MS, withLatencyBrowser, type Browsing } from './latencyOpens';
import { pressOnce } from './latencyPage';
import { clearCache, closeAll } from './popup';
import { ask, round, stat, type Stat } from './util';
import { coldStart as getConnectionCold } from './worker';
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

export const WORKER_TARGETS = { workerStartOverFloorMs: 10, workerFirstAnswerMs: 40, pressOverFloorMs: 5 };

export interface WorkerStart {
  /** Worker's time origin → its first API request at the sandbox (ms). */
  startMs: number;
  /** Message sent → the worker's time origin (the browser starting it). */
  originAfterSendMs: number;
  /** Message sent → answer, in the page. */
  answerMs: number;
}

export interface WorkerFigures {
  ours: WorkerStart[];
  floor: WorkerStart[];
  /** Ours: `getConnection` sent to a stopped worker → answered (the popup part's `workerFirstAnswerMs`, in these turns). */
  firstAnswer: Stat;
  pressOurs: Stat;
  pressFloor: Stat;
  clipboardOurs: Stat;
  clipboardFloor: Stat;
  backgroundJsBytes: number;
  backgroundJsGzipBytes: number;
}

/** Sends `message` from the driver page: epoch ms of the send and of the answer. */
async function timedSend(driver: Page, message: unknown): Promise<{ sentAt: number; answeredAt: number }> {
  return driver.evaluate(async (m) => {
    const sentAt = performance.timeOrigin + performance.now();
    await chrome.runtime.sendMessage(m);
    return { sentAt, answeredAt: performance.timeOrigin + performance.now() };
  }, message);
}

/**
 * One cold start: (ours: cache emptied) the worker stopped, a list asked for, the first API request
 * after it timed from the worker's origin. `around` brackets the start from the send to the woken
 * worker (profileWorker.ts traces it).
 */
export async function coldStart(
  { h, sb, driver }: Browsing,
  ours: boolean,
  around: { before(): Promise<void>; after(): Promise<void> } = { before: async () => {}, after: async () => {} },
): Promise<WorkerStart> {
  if (ours) await clearCache(driver);
  await stopWorker(h);
  const from = Date.now();
  const message = ours
    ? { id: Math.floor(Math.random() * 1e9), type: 'getList', data: { name: 'domains' }, timestamp: Date.now() }
    : 'lists';
  await around.before();
  const m = await timedSend(driver, message);
  await waitForWorker(h);
  await around.after();
  const origin = await evalInWorker(h, () => performance.timeOrigin, undefined);
  const first = Math.min(...sb.log.filter((l) => l.path.startsWith('/api/') && l.method !== 'OPTIONS' && l.at >= from).map((l) => l.at));
  return { startMs: first - origin, originAfterSendMs: origin - m.sentAt, answerMs: m.answeredAt - m.sentAt };
}

/** The project's popup, ready (its probe), with a campaign and a channel chosen as the latency presses have them. */
async function oursPopup(h: ExtensionHarness, sb: Sandbox, driver: Page): Promise<Page> {
  const data = sb.state.forKey(sb.key);
  await ask(driver, 'saveSettings', { lastCampaignId: data.campaigns[2]!.id, lastChannelId: data.channels[2]!.id, lastDomainId: null });
  const page = await openPopupFor(h, `${sb.url}/page/worker-press`, { timeoutMs: 20_000 });
  await page.waitForFunction(() => typeof (window as unknown as { __benchReady?: unknown }).__benchReady === 'number', undefined, {
    timeout: 20_000,
  });
  return page;
}

/** Both browsers at once: `starts` cold starts and `presses` presses each, in turns. */
export async function runWorkerPart(
  extensionDir: string,
  runs: { starts: number; presses: number },
  say: (m: string) => void,
): Promise<WorkerFigures> {
  const bg = readFileSync(join(extensionDir, 'background.js'));
  const floorDir = await buildFloorExtension();
  const pressDir = await buildPressFloor();
  try {
    say(`worker: ${runs.starts} cold starts of ours and of the floor, in turns`);
    const starts = await withLatencyBrowser(extensionDir, {}, (o) =>
      withLatencyBrowser(floorDir, { floor: true }, async (f) => {
        await ask(o.driver, 'getList', { name: 'domains' });
        const ours: WorkerStart[] = [];
        const floor: WorkerStart[] = [];
        const first: number[] = [];
        for (let i = 0; i < runs.starts; i++) {
          floor.push(await coldStart(f, false));
          ours.push(await coldStart(o, true));
          first.push((await getConnectionCold(o.h, o.driver)).firstAnswerMs);
        }
        return { ours, floor, firstAnswer: stat(first) };
      }),
    );
    say(`worker: ${runs.presses} presses in our popup and in the press floor's, in turns (L = ${LATENCY_MS} ms)`);
    const presses = await withLatencyBrowser(extensionDir, {}, (o) =>
      withLatencyBrowser(pressDir, { floor: true }, async (f) => {
        const ours = await oursPopup(o.h, o.sb, o.driver);
        const floor = await openPopupFor(f.h, `${f.sb.url}/page/press-floor`, { timeoutMs: 20_000 });
        try {
          const a: { linkMs: number; clipboardMs: number }[] = [];
          const b: { linkMs: number; clipboardMs: number }[] = [];
          // One untimed press each first (the floor's worker and its connection warm, as ours is after its open).
          await pressOnce(floor, `https://example.org/bench/press-floor/${Date.now()}/warm`);
          for (let i = 0; i < runs.presses; i++) {
            b.push(await pressOnce(floor, `https://example.org/bench/press-floor/${Date.now()}/${i}`));
            a.push(await pressOnce(ours, `https://example.org/bench/press-ours/${Date.now()}/${i}`));
          }
          const less = (xs: number[]) => stat(xs.map((x) => x - LATENCY_MS));
          return {
            pressOurs: less(a.map((x) => x.linkMs)),
            pressFloor: less(b.map((x) => x.linkMs)),
            clipboardOurs: less(a.map((x) => x.clipboardMs)),
            clipboardFloor: less(b.map((x) => x.clipboardMs)),
          };
        } finally {
          await closeAll(o.h, ours);
          await closeAll(f.h, floor);
        }
      }),
    );
    return { ...starts, ...presses, backgroundJsBytes: bg.length, backgroundJsGzipBytes: gzipSync(bg).length };
  } finally {
    rmSync(floorDir, { recursive: true, force: true });
    rmSync(pressDir, { recursive: true, force: true });
  }
}

const range = (name: string, s: Stat, digits = 1) => ({
  [name]: round(s.median, digits),
  [`${name}Min`]: round(s.min, digits),
  [`${name}Max`]: round(s.max, digits),
});

/** The rows, JSON members (`workerStartMs`, `workerStartFloorMs`, `pressFloorOverheadMs`, `backgroundJsGzipBytes`, …), verdicts. */
export function workerReport(w: WorkerFigures) {
  const start = stat(w.ours.map((s) => s.startMs));
  const startFloor = stat(w.floor.map((s) => s.startMs));
  const answer = stat(w.ours.map((s) => s.answerMs));
  const pass = {
    workerStartMs: start.median <= startFloor.median + WORKER_TARGETS.workerStartOverFloorMs,
    pressFloorOverheadMs: w.pressOurs.median <= w.pressFloor.median + WORKER_TARGETS.pressOverFloorMs,
  };
  const rows = [
    {
      figure: 'Worker start: time origin → first request (ours)',
      stat: start,
      unit: 'ms',
      target: `≤ floor + ${WORKER_TARGETS.workerStartOverFloorMs} ms`,
      pass: pass.workerStartMs,
    },
    { figure: '  floor worker: time origin → first request', stat: startFloor, unit: 'ms', target: '(floor)' },
    { figure: '  ours: message sent → list answered (L included)', stat: answer, unit: 'ms', target: '' },
    {
      figure: '  ours: getConnection to a stopped worker → answer',
      stat: w.firstAnswer,
      unit: 'ms',
      target: `≤ ${WORKER_TARGETS.workerFirstAnswerMs} ms`,
      pass: w.firstAnswer.median <= WORKER_TARGETS.workerFirstAnswerMs,
    },
    {
      figure: 'Press → link − L, beside its floor (ours)',
      stat: w.pressOurs,
      unit: 'ms',
      target: `≤ floor + ${WORKER_TARGETS.pressOverFloorMs} ms`,
      pass: pass.pressFloorOverheadMs,
    },
    { figure: '  press floor: press → link − L', stat: w.pressFloor, unit: 'ms', target: '(floor)' },
    { figure: '  ours / floor: press → copied − L', stat: w.clipboardOurs, unit: 'ms', target: `${round(w.clipboardFloor.median)} ms` },
    { figure: 'background.js (gzip)', value: w.backgroundJsGzipBytes, unit: 'B', target: `${w.backgroundJsBytes} B raw` },
  ];
  const json = {
    ...range('workerStartMs', start),
    ...range('workerStartFloorMs', startFloor),
    ...range('workerFirstAnswerBesideFloorMs', w.firstAnswer),
    ...range('pressFloorOverheadMs', w.pressFloor),
    ...range('pressBesideFloorOverheadMs', w.pressOurs),
    ...range('pressToClipboardFloorOverheadMs', w.clipboardFloor),
    backgroundJsGzipBytes: w.backgroundJsGzipBytes,
    backgroundJsBytes: w.backgroundJsBytes,
  };
  const details = {
    workerStarts: {
      ours: w.ours.map((s) => ({ startMs: round(s.startMs), originAfterSendMs: round(s.originAfterSendMs), answerMs: round(s.answerMs) })),
      floor: w.floor.map((s) => ({
        startMs: round(s.startMs),
        originAfterSendMs: round(s.originAfterSendMs),
        answerMs: round(s.answerMs),
      })),
    },
    pressesBesideFloor: {
      ours: w.pressOurs.values.map((v) => round(v)),
      floor: w.pressFloor.values.map((v) => round(v)),
      oursClipboard: w.clipboardOurs.values.map((v) => round(v)),
      floorClipboard: w.clipboardFloor.values.map((v) => round(v)),
    },
  };
  return { rows, json, pass, details, targets: WORKER_TARGETS };
}
