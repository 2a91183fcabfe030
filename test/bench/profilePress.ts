/**
 * Profile behind the bench's `pressToLinkOverheadMs`: where a press of Shorten in the popup
 * (a campaign and a channel chosen, the service L away) spends the time that is not the
 * service's. Presses are traced (CPU samples of the popup and the worker, the request's
 * network events, the press and the drawn link marked in the page). Not part of `npm run bench`.
 *
 *   npm run build && npx tsx test/bench/profilePress.ts [presses] [plain]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_EXTENSION_DIR, evalInWorker, openPopupFor } from '../e2e/harness';
import { LATENCY_MS, withLatencyBrowser } from './latencyOpens';
import { pressOnce, recentProbe } from './latencyPage';
import { closeAll } from './popup';
import { OUT, breakdown, cpuSamples, threadNames, traced, type Sample, type TraceEvent } from './trace';
import { ask, round } from './util';

/** The trace events of one thread in [from, to], top-level tasks longer than 0.5 ms, as [ms after from, ms, name]. */
function tasks(ev: TraceEvent[], thread: string, from: number, to: number) {
  return ev
    .filter((e) => `${e.pid}:${e.tid}` === thread && e.ts >= from && e.ts < to && e.ph === 'X' && (e.dur ?? 0) > 500)
    .filter((e) =>
      /RunTask|FunctionCall|EvaluateScript|v8.callFunction|ParseHTML|UpdateLayoutTree|Layout|Paint|Commit|HandlePostMessage|TimerFire|FireAnimationFrame|RunMicrotasks/.test(
        e.name,
      ),
    )
    .map((e) => [round((e.ts - from) / 1000, 1), round((e.dur ?? 0) / 1000, 1), e.name]);
}

/** One press in the trace: network, and each thread's busy time before the request and after the answer. */
function analyse(
  ev: TraceEvent[],
  names: Map<string, string>,
  samples: Map<string, Sample[]>,
  press: TraceEvent,
  link: TraceEvent,
  linkMs: number,
) {
  const pageThread = `${press.pid}:${press.tid}`;
  const worker = [...names].filter(([, v]) => v === 'ServiceWorker thread').map(([k]) => k);
  const net = ev
    .filter((e) => /ResourceSendRequest|ResourceReceiveResponse|ResourceFinish/.test(e.name) && e.ts >= press.ts && e.ts <= link.ts)
    .map((e) => [
      round((e.ts - press.ts) / 1000, 1),
      e.name,
      String((e.args?.data as { url?: string } | undefined)?.url ?? '').replace(/^.*\/api\//, ''),
    ]);
  const firstWorker = ev.find((e) => worker.includes(`${e.pid}:${e.tid}`) && e.ts > press.ts && e.name === 'Receive mojo message');
  const sent = net.find((n) => n[1] === 'ResourceSendRequest' && String(n[2]).startsWith('shorten'));
  const got = net.find((n) => n[1] === 'ResourceReceiveResponse');
  const at = (ms: unknown) => press.ts + Number(ms) * 1000;
  const pageGot = ev.find((e) => `${e.pid}:${e.tid}` === pageThread && e.ts > at(got?.[0]) && e.name === 'Receive mojo message');
  return {
    linkMs: round(linkMs - LATENCY_MS, 1),
    workerGotMs: firstWorker ? round((firstWorker.ts - press.ts) / 1000, 1) : null,
    sentMs: sent?.[0],
    answeredMs: got?.[0],
    pageGotMs: pageGot ? round((pageGot.ts - press.ts) / 1000, 1) : null,
    drawnAfterPageGotMs: pageGot ? round((link.ts - pageGot.ts) / 1000, 1) : null,
    net,
    before: {
      page: breakdown(samples.get(pageThread), press.ts, at(sent?.[0])),
      workers: worker.map((w) => breakdown(samples.get(w), press.ts, at(sent?.[0]))),
    },
    after: {
      page: breakdown(samples.get(pageThread), at(got?.[0]), link.ts),
      workers: worker.map((w) => breakdown(samples.get(w), at(got?.[0]), link.ts)),
      pageTasks: tasks(ev, pageThread, at(got?.[0]), link.ts),
    },
  };
}

async function main() {
  const presses = Number(process.argv[2] ?? 8);
  const plain = process.argv.includes('plain');
  mkdirSync(OUT, { recursive: true });
  const rows: Record<string, unknown>[] = [];
  await withLatencyBrowser(
    DEFAULT_EXTENSION_DIR,
    { init: async (h) => void (await h.context.addInitScript(recentProbe)) },
    async ({ h, sb, driver }) => {
      const data = sb.state.forKey(sb.key);
      await ask(driver, 'saveSettings', { lastCampaignId: data.campaigns[2]!.id, lastChannelId: data.channels[2]!.id, lastDomainId: null });
      const page = await openPopupFor(h, `${sb.url}/page/prof-press`, { timeoutMs: 20_000 });
      await page.waitForFunction(() => typeof (window as unknown as { __benchReady?: unknown }).__benchReady === 'number', undefined, {
        timeout: 20_000,
      });
      if (plain) {
        // Untraced; the marks of a probe build (performance.mark in the worker and the popup) are read after each press.
        const marksOf = () => {
          const out: Record<string, number> = {};
          for (const m of performance.getEntriesByType('mark')) out[m.name] = performance.timeOrigin + m.startTime;
          performance.clearMarks();
          return out;
        };
        for (let i = 0; i < presses; i++) {
          const r = await pressOnce(page, `https://example.org/bench/profile/${Date.now()}/${i}`);
          const pm = await page.evaluate(marksOf);
          const wm = await evalInWorker(h, marksOf, undefined);
          const t0 = pm.benchPress ?? 0;
          const all = Object.entries({ ...wm, ...pm })
            .filter(([, v]) => v >= t0 - 1)
            .sort((a, b) => a[1] - b[1])
            .map(([k, v]) => `${k} ${round(v - t0, 1)}`);
          rows.push({ linkMs: round(r.linkMs - LATENCY_MS, 1), marks: all.join(' | ') });
          console.log(JSON.stringify(rows.at(-1)));
        }
      } else {
        // One trace over every press: a profiler started per press stalls the worker's first task.
        const t = await traced(h, 'press', async () => {
          const out = [];
          for (let i = 0; i < presses; i++) out.push(await pressOnce(page, `https://example.org/bench/profile/${Date.now()}/${i}`));
          return out;
        });
        const ev = t.events;
        const marks = ev.filter((e) => e.name === 'benchPress');
        const links = ev.filter((e) => e.name === 'benchLink');
        const names = threadNames(ev);
        const samples = cpuSamples(ev);
        marks.forEach((press, i) => {
          const link = links.find((l) => l.ts > press.ts);
          if (!link) return;
          rows.push(analyse(ev, names, samples, press, link, t.result[i]!.linkMs));
          console.log(JSON.stringify(rows.at(-1)));
        });
      }
      await closeAll(h, page);
    },
  );
  writeFileSync(join(OUT, 'press.json'), `${JSON.stringify({ rows }, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
