/**
 * Profile behind the bench's `bigListColdOverL`: where a cold options page with 1,000 campaigns
 * spends the time between the service's last answer and the page saying "1,000 campaigns".
 * Each open is traced (CPU samples of the worker and the page, extension messaging); the page's
 * messages are timed by an init script. Not part of `npm run bench`.
 *
 *   npm run build && npx tsx test/bench/profileOptions.ts [opens] [h2] [plain]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'wxt/browser';
import { DEFAULT_EXTENSION_DIR, openOptions, stopWorker, waitForWorker } from '../e2e/harness';
import { BIG_LIST, withLatencyBrowser } from './latencyOpens';
import { clearCache, closeAll } from './popup';
import { wireOf } from './floor/wire';
import { OUT, breakdown, cpuSamples, threadNames, traced, type Sample } from './trace';
import { round, waitQuiet } from './util';
import { buildGrantingHttps } from './http2';

declare const chrome: typeof Browser;

/** In options.html only: times every runtime.sendMessage and every port message. */
function messageTimes(): void {
  if (location.protocol !== 'chrome-extension:' || !location.pathname.endsWith('/options.html')) return;
  const w = window as unknown as { __benchMsgs: [string, number, number, number][] };
  const msgs: [string, number, number, number][] = (w.__benchMsgs = []);
  const rt = chrome.runtime as unknown as Record<string, (...a: unknown[]) => unknown>;
  const send = rt.sendMessage!.bind(rt);
  rt.sendMessage = (...args: unknown[]) => {
    const t0 = performance.now();
    const type = String((args[0] as { type?: string } | undefined)?.type ?? '?');
    const done = (answer: unknown) => msgs.push([type, t0, performance.now(), JSON.stringify(answer ?? null).length]);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (answer: unknown) => {
        done(answer);
        (last as (a: unknown) => void)(answer);
      };
      return send(...args);
    }
    const p = send(...args) as Promise<unknown>;
    void p.then(done, () => undefined);
    return p;
  };
}

async function main() {
  const opens = Number(process.argv[2] ?? 4);
  const http2 = process.argv.includes('h2');
  // Untraced: the figures as the bench takes them (tracing slows every thread).
  const plain = process.argv.includes('plain');
  mkdirSync(OUT, { recursive: true });
  const rows: Record<string, unknown>[] = [];
  // Over HTTP/2 the sandbox is https: a copy of the build granted https loopback, as the bench's own.
  const granted = http2 ? buildGrantingHttps(DEFAULT_EXTENSION_DIR) : null;
  await withLatencyBrowser(
    granted?.dir ?? DEFAULT_EXTENSION_DIR,
    { bigList: true, http2, init: async (h) => void (await h.context.addInitScript(messageTimes)) },
    async ({ h, sb, driver }) => {
      for (let i = 0; i < opens; i++) {
        await clearCache(driver);
        await stopWorker(h);
        const from = Date.now();
        const t = await (plain ? untraced : traced)(h, `options-big-${i}`, async () => {
          const page = await openOptions(h, 30_000);
          await page.waitForFunction(
            () => typeof (window as unknown as { __benchBigList?: unknown }).__benchBigList === 'number',
            undefined,
            {
              timeout: 60_000,
            },
          );
          const r = await page.evaluate(() => {
            const w = window as unknown as { __benchBigList: number; __benchMsgs: [string, number, number, number][] };
            return { ms: w.__benchBigList, origin: performance.timeOrigin, msgs: w.__benchMsgs };
          });
          await waitQuiet(sb.log, 300);
          await closeAll(h, page);
          return r;
        });
        const wire = wireOf(sb.log, from, t.result.origin);
        const names = threadNames(t.events);
        const mark = t.events.filter((e) => e.name === 'benchBigList').at(-1);
        const samples = cpuSamples(t.events);
        let cpu: Record<string, unknown> = { error: 'no benchBigList mark' };
        if (mark) {
          const navTs = mark.ts - t.result.ms * 1000;
          const lastAnswerTs = navTs + wire.lastAnswerMs * 1000;
          const pageThread = `${mark.pid}:${mark.tid}`;
          const worker = [...names].filter(([, v]) => v === 'ServiceWorker thread').map(([k]) => k);
          cpu = {
            page: breakdown(samples.get(pageThread), lastAnswerTs, mark.ts),
            workers: worker.map((k) => breakdown(samples.get(k), lastAnswerTs, mark.ts)),
            workerSpans: worker.map((k) => spans(samples.get(k) ?? [], navTs, navTs + 1000 * (wire.firstArrivalMs - 50), mark.ts)),
            pageSpans: spans(samples.get(pageThread) ?? [], navTs, navTs + 1000 * (wire.firstArrivalMs - 50), mark.ts),
          };
        }
        const row = {
          bigListMs: round(t.result.ms),
          lastAnswerMs: wire.lastAnswerMs,
          tailMs: round(t.result.ms - wire.lastAnswerMs),
          firstArrivalMs: wire.firstArrivalMs,
          requests: wire.requests,
          maxInFlight: wire.maxInFlight,
          campaignsAnswers: wire.arrivals.filter((a) => a.path.includes('campaign')).map((a) => [a.atMs, a.answeredMs]),
          msgs: t.result.msgs.map(([type, t0, t1, size]) => [type, round(t0), round(t1), size]),
          cpu,
        };
        rows.push(row);
        console.log(JSON.stringify(row, null, 1));
        await ask(driver);
        await waitForWorker(h);
      }
    },
  ).finally(() => granted?.remove());
  writeFileSync(join(OUT, 'options-big.json'), `${JSON.stringify({ campaigns: BIG_LIST, http2, rows }, null, 2)}\n`);
}

/** A thread's busy stretches in [from, to] (trace µs), as [start ms after navigation, ms, the function most sampled]. */
function spans(samples: Sample[], navTs: number, from: number, to: number): [number, number, string][] {
  const out: { start: number; end: number; fns: Map<string, number> }[] = [];
  for (const s of samples) {
    if (s.ts < from || s.ts > to || s.frame.functionName === '(idle)') continue;
    let last = out.at(-1);
    if (!last || s.ts - last.end > 3000) out.push((last = { start: s.ts, end: s.ts, fns: new Map() }));
    last.end = s.ts + s.dur;
    const fn = s.frame.functionName || '(anonymous)';
    last.fns.set(fn, (last.fns.get(fn) ?? 0) + s.dur);
  }
  return out
    .filter((x) => x.end - x.start > 5000)
    .map((x) => [round((x.start - navTs) / 1000), round((x.end - x.start) / 1000), [...x.fns].sort((a, b) => b[1] - a[1])[0]![0]]);
}

/** The same open, not traced: the figures as the bench takes them (tracing slows every thread). */
async function untraced<T>(_h: unknown, _name: string, fn: () => Promise<T>) {
  return { result: await fn(), events: [] };
}

/** Wakes the worker again between opens (the bench's own step). */
const ask = (driver: import('playwright-core').Page) => driver.evaluate(() => chrome.runtime.sendMessage({ type: 'getConnection' }));

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
