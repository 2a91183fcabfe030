/**
 * Profiles behind the bench's figures (not part of `npm run bench`): where a warm popup open
 * spends its time, and what delays the queue's requests. Chromium traces (CPU samples of every
 * thread, extension API calls, network requests) plus instrumentation from outside the
 * extension (init scripts in the popup page; nothing in the product is changed).
 *
 *   E2E_EXTENSION_DIR=/tmp/bench-ext npx tsx test/bench/profile.ts [popup|queue|all]
 *
 * Writes the traces to .output/bench-profile/*.json (open them in chrome://tracing or
 * Perfetto) and a summary to .output/bench-profile/summary.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'wxt/browser';
import { DEFAULT_EXTENSION_DIR, configureExtension, evalInWorker, launchExtension, openBackgroundPage, openPopupFor } from '../e2e/harness';
import { startSandbox } from '../sandbox/server';
import { expectedOf, installProbe, keepOpen, openAndMeasure } from './popup';
import { defineNameHelper, round, sleep, stat } from './util';
import { OUT, breakdown, cpuSamples, threadNames, traced, type TraceEvent } from './trace';

declare const chrome: typeof Browser;

// ---------------------------------------------------------------- popup

interface PopupMarks {
  form?: number;
  url?: number;
  button?: number;
  domains?: number;
  campaigns?: number;
}
interface InstrumentedWindow {
  __benchMsgs?: [string, number, number][];
  __benchMarks?: PopupMarks;
  __benchReady?: number | null;
}

/** In popup.html only: times every chrome.runtime.sendMessage / tabs.query and the first render milestones. */
function popupInstrumentation(): void {
  if (location.protocol !== 'chrome-extension:' || !location.pathname.endsWith('/popup.html')) return;
  const w = window as unknown as InstrumentedWindow;
  const msgs: [string, number, number][] = (w.__benchMsgs = []);
  const marks: PopupMarks = (w.__benchMarks = {});
  const c = chrome as unknown as {
    runtime: { sendMessage: (...a: unknown[]) => unknown };
    tabs: { query: (...a: unknown[]) => unknown };
  };
  const wrap = (obj: Record<string, unknown>, key: string, label: (a: unknown[]) => string) => {
    const orig = (obj[key] as (...a: unknown[]) => unknown).bind(obj);
    obj[key] = (...args: unknown[]) => {
      const t0 = performance.now();
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (...r: unknown[]) => {
          msgs.push([label(args), t0, performance.now()]);
          (last as (...x: unknown[]) => void)(...r);
        };
        return orig(...args);
      }
      const p = orig(...args) as Promise<unknown> | undefined;
      void p?.then?.(() => msgs.push([label(args), t0, performance.now()]));
      return p;
    };
  };
  wrap(c.runtime as unknown as Record<string, unknown>, 'sendMessage', (a) => String((a[0] as { type?: string } | undefined)?.type ?? '?'));
  wrap(c.tabs as unknown as Record<string, unknown>, 'query', () => 'tabs.query');
  new MutationObserver(() => {
    const now = performance.now();
    const d = document.getElementById('domain') as HTMLSelectElement | null;
    const cs = document.getElementById('campaign') as HTMLSelectElement | null;
    const u = document.getElementById('long-url') as HTMLInputElement | null;
    const b = document.querySelector('form.shorten-form button[type="submit"]') as HTMLButtonElement | null;
    if (marks.form === undefined && d) marks.form = now;
    if (marks.url === undefined && u?.value) marks.url = now;
    if (marks.button === undefined && b && !b.disabled) marks.button = now;
    if (marks.domains === undefined && d && d.options.length > 1) marks.domains = now;
    if (marks.campaigns === undefined && cs && cs.options.length > 1) marks.campaigns = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function profilePopup(extensionDir: string) {
  const sb = await startSandbox({ plan: 'pro', mainLimit: 100_000 });
  const h = await launchExtension({ extensionDir });
  try {
    await defineNameHelper(h);
    await h.context.addInitScript(popupInstrumentation);
    await installProbe(h, expectedOf(sb));
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const driver = await openBackgroundPage(h, h.url('manifest.json'));
    keepOpen(driver);
    await openAndMeasure(h, sb, 'p-warmup-0');
    await openAndMeasure(h, sb, 'p-warmup-1');

    // 1. Milestones of warm opens (ms from the navigation's start).
    const rows: Record<string, number>[] = [];
    const latency: Record<string, number[]> = {};
    const statics: Record<string, number>[] = [];
    for (let i = 0; i < 9; i++) {
      const page = await openBackgroundPage(h, `${sb.url}/static`);
      statics.push(
        await page.evaluate(() => {
          const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return {
            responseEnd: n.responseEnd,
            domInteractive: n.domInteractive,
            domContentLoaded: n.domContentLoadedEventEnd,
            load: n.loadEventEnd,
          };
        }),
      );
      await page.close();
      const popup = await openPopupFor(h, `${sb.url}/page/p-${i}`);
      await popup.waitForFunction(() => typeof (window as unknown as InstrumentedWindow).__benchReady === 'number');
      await sleep(100);
      const r = await popup.evaluate(() => {
        const w = window as unknown as InstrumentedWindow;
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const msgs = (w.__benchMsgs ?? []).filter((m) => m[1] <= (w.__benchReady ?? 0));
        return {
          marks: {
            responseEnd: n.responseEnd,
            domInteractive: n.domInteractive,
            domContentLoaded: n.domContentLoadedEventEnd,
            firstRender: w.__benchMarks?.form ?? NaN,
            firstMessageSent: Math.min(...msgs.map((m) => m[1])),
            urlShown: w.__benchMarks?.url ?? NaN,
            lastAnswer: Math.max(...msgs.map((m) => m[2])),
            ready: w.__benchReady ?? NaN,
          },
          msgs: msgs.map((m) => [m[0], m[2] - m[1]] as [string, number]),
        };
      });
      rows.push(r.marks);
      for (const [type, ms] of r.msgs) (latency[type] ??= []).push(ms);
      for (const p of h.context.pages()) if (p !== driver) await p.close();
    }
    const med = (list: Record<string, number>[]) =>
      Object.fromEntries(Object.keys(list[0]!).map((k) => [k, round(stat(list.map((r) => r[k]!)).median)]));
    const milestones = med(rows);
    const staticMilestones = med(statics);
    const messageLatency = Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, round(stat(v).median)]));

    // 2. Two warm opens under one trace; the second is analysed (starting the CPU profiler on
    // a thread stalls it for a while: the first open takes that cost).
    const page = await h.context.newPage();
    await page.goto(`${sb.url}/page/p-traced`);
    const t = await traced(h, 'popup-warm-open', async () => {
      let readyMs = NaN;
      for (let i = 0; i < 2; i++) {
        const popup = await openPopupFor(h, page);
        await popup.waitForFunction(() => typeof (window as unknown as InstrumentedWindow).__benchReady === 'number');
        readyMs = await popup.evaluate(() => (window as unknown as InstrumentedWindow).__benchReady as number);
        await sleep(300);
        await popup.close();
      }
      return readyMs;
    });
    const names = threadNames(t.events);
    const mark = t.events.filter((e) => e.name === 'benchReady').at(-1);
    let cpu: Record<string, unknown> = { error: 'no benchReady mark in the trace' };
    if (mark) {
      const readyTs = mark.ts;
      const navTs = readyTs - t.result * 1000;
      const samples = cpuSamples(t.events);
      const popupThread = `${mark.pid}:${mark.tid}`;
      const workerThread = [...names].find(([k, v]) => v === 'ServiceWorker thread' && k.startsWith(`${mark.pid}:`))?.[0];
      const inWindow = (e: TraceEvent) => e.ts >= navTs && e.ts <= readyTs;
      const at = (e: TraceEvent) => round((e.ts - navTs) / 1000, 1);
      const channels = t.events.filter((e) => e.name === 'ExtensionFrameHost::OpenChannelToExtension' && inWindow(e));
      const workerApi = t.events.filter((e) => e.name === 'ExtensionFunctionDispatcher::DispatchForServiceWorker' && inWindow(e));
      const scripts = t.events.filter(
        (e) =>
          e.pid === mark.pid &&
          e.tid === mark.tid &&
          inWindow(e) &&
          /^(v8\.compile|v8\.compileModule|v8\.evaluateModule|EvaluateScript|ParseHTML)$/.test(e.name),
      );
      cpu = {
        tracedReadyMs: round(t.result),
        popupMainThread: breakdown(samples.get(popupThread), navTs, readyTs),
        serviceWorkerThread: workerThread ? breakdown(samples.get(workerThread), navTs, readyTs) : 'not found',
        scriptWorkMs: Object.fromEntries(
          [...new Set(scripts.map((e) => e.name))].map((n) => [
            n,
            round(scripts.filter((e) => e.name === n).reduce((a, e) => a + (e.dur ?? 0), 0) / 1000, 1),
          ]),
        ),
        messageChannelsOpenedAtMs: channels.map(at),
        workerExtensionApiCallsAtMs: workerApi.map(at),
        popupExtensionApiCalls: t.events.filter((e) => e.name === 'ExtensionFunctionDispatcher::Dispatch' && inWindow(e)).length,
        trace: t.path,
      };
    }
    await page.close();
    return { milestones, staticMilestones, messageLatencyMs: messageLatency, cpu };
  } finally {
    await h.close();
    await sb.close();
  }
}

// ---------------------------------------------------------------- queue

async function profileQueue(extensionDir: string) {
  const W = 2000;
  const N = 60;
  const sb = await startSandbox({ plan: 'pro', mainLimit: 100_000, shortenLimit: 10, shortenWindowMs: W });
  const h = await launchExtension({ extensionDir });
  try {
    await defineNameHelper(h);
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const driver = await openBackgroundPage(h, h.url('manifest.json'));
    const prefix = `https://example.org/bench/profile/${Date.now()}/`;
    const t = await traced(h, 'queue-60', async () => {
      await driver.evaluate(
        async ({ prefix: pre, n }) => {
          performance.mark('benchQueueStart');
          for (let i = 0; i < n; i++) {
            void chrome.runtime
              .sendMessage({
                id: 2_000_000 + i,
                type: 'shorten',
                data: { url: `${pre}${i}`, domainId: null, campaignId: null },
                timestamp: Date.now(),
              })
              .catch(() => undefined);
          }
        },
        { prefix, n: N },
      );
      // The whole run: until every job of ours has settled.
      for (let i = 0; i < 300; i++) {
        const left = await driver.evaluate(
          async ({ pre, n }) => {
            const q = ((await chrome.storage.local.get('queue')).queue ?? []) as { state: string; args?: { url?: string } }[];
            return n - q.filter((j) => j.args?.url?.startsWith(pre) && (j.state === 'done' || j.state === 'failed')).length;
          },
          { pre: prefix, n: N },
        );
        if (left === 0) break;
        await sleep(100);
      }
    });
    const ev = t.events;
    const names = threadNames(ev);
    const start = ev.find((e) => e.name === 'benchQueueStart');
    const sends = ev.filter(
      (e) => e.name === 'ResourceSendRequest' && String((e.args?.data as { url?: string } | undefined)?.url ?? '').includes('/api/shorten'),
    );
    const apiCalls = ev.filter((e) => e.name === 'ExtensionFunctionDispatcher::DispatchForServiceWorker');
    const workerThread = [...names].find(([, v]) => v === 'ServiceWorker thread')?.[0];
    const samples = cpuSamples(ev);
    if (!start || sends.length === 0) return { error: 'the trace has no start mark or no shorten request', trace: t.path };
    const s0 = start.ts;
    const ms = (us: number) => round(us / 1000, 1);
    const firstSend = sends[0]!.ts;
    // Requests per window of 10 (the budget): when the first and last of each group left.
    const groups: { firstMs: number; lastMs: number; spreadMs: number; workerApiCallsBetween: number }[] = [];
    for (let i = 0; i < sends.length; i += 10) {
      const g = sends.slice(i, i + 10);
      const a = g[0]!.ts;
      const b = g[g.length - 1]!.ts;
      groups.push({
        firstMs: ms(a - s0),
        lastMs: ms(b - s0),
        spreadMs: ms(b - a),
        workerApiCallsBetween: apiCalls.filter((e) => e.ts >= a && e.ts <= b).length,
      });
    }
    const lastSettle = ev.filter((e) => e.name === 'ExtensionFunctionDispatcher::DispatchForServiceWorker').at(-1)?.ts ?? firstSend;

    // The cost of one queue update as the job queue does it (read the array, write it back),
    // with an array the size of 60 jobs, measured in the worker itself.
    const sample = await driver.evaluate(async () => (await chrome.storage.local.get('queue')).queue as unknown[]);
    const updateMs = await evalInWorker(
      h,
      async (q) => {
        const times: number[] = [];
        for (let i = 0; i < 30; i++) {
          const t0 = performance.now();
          const cur = (await chrome.storage.local.get('benchProbeQueue')).benchProbeQueue as unknown[] | undefined;
          await chrome.storage.local.set({ benchProbeQueue: (cur ?? q).map((j) => j) });
          times.push(performance.now() - t0);
        }
        await chrome.storage.local.remove('benchProbeQueue');
        times.sort((a, b) => a - b);
        return times[Math.floor(times.length / 2)]!;
      },
      sample,
    );
    return {
      requests: sends.length,
      firstRequestAfterMs: ms(firstSend - s0),
      workerApiCallsBeforeFirstRequest: apiCalls.filter((e) => e.ts >= s0 && e.ts < firstSend).length,
      workerApiCallsInAll: apiCalls.filter((e) => e.ts >= s0).length,
      workerApiCallsPerJob: round(apiCalls.filter((e) => e.ts >= s0).length / N, 1),
      workerCpuBeforeFirstRequest: workerThread ? breakdown(samples.get(workerThread), s0, firstSend) : 'not found',
      lastRequestToLastWorkerApiCallMs: ms(lastSettle - sends[sends.length - 1]!.ts),
      windows: groups,
      storageUpdateMedianMs: round(updateMs, 2),
      queueBytes: JSON.stringify(sample).length,
      trace: t.path,
    };
  } finally {
    await h.close();
    await sb.close();
  }
}

async function main() {
  const which = process.argv[2] ?? 'all';
  mkdirSync(OUT, { recursive: true });
  const extensionDir = DEFAULT_EXTENSION_DIR;
  const summary: Record<string, unknown> = { extensionDir, takenAt: new Date().toISOString() };
  if (which === 'popup' || which === 'all') {
    console.log('[profile] popup (9 instrumented warm opens, 1 traced)…');
    summary.popup = await profilePopup(extensionDir);
    console.log(JSON.stringify(summary.popup, null, 2));
  }
  if (which === 'queue' || which === 'all') {
    console.log('[profile] queue (60 shortens, 10 per 2 s, traced)…');
    summary.queue = await profileQueue(extensionDir);
    console.log(JSON.stringify(summary.queue, null, 2));
  }
  writeFileSync(join(OUT, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`Written: ${join(OUT, 'summary.json')}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
