/**
 * A profile behind `workerStartMs` (not part of `npm run bench`): cold starts of our worker and of
 * the floor's, traced in turns, and what the worker thread did from its time origin to its first
 * request: the script read from the browser's store of installed scripts, its code cache
 * deserialized, its top level run. No CPU sampling (it would slow the run it measures).
 *
 *   E2E_EXTENSION_DIR=/tmp/bench-ext npx tsx test/bench/profileWorker.ts [starts]
 *
 * Writes the traces and worker-summary.json to .output/bench-profile.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser as PwBrowser } from 'playwright-core';
import { DEFAULT_EXTENSION_DIR } from '../e2e/harness';
import { buildFloorExtension } from './floor/build';
import { withLatencyBrowser, type Browsing } from './latencyOpens';
import { coldStart } from './workerStart';
import { ask, round, stat } from './util';
import { OUT, loadTrace, threadNames, type TraceEvent } from './trace';

const CATEGORIES = ['toplevel', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'devtools.timeline', 'ServiceWorker'];

/** The worker thread's steps (ms): reading the installed script, compiling (a code cache deserialized), running its top level. */
const STEPS: Record<string, (e: TraceEvent) => boolean> = {
  readScript: (e) => e.name === 'ServiceWorkerInstalledScriptsManager::GetScriptData',
  compile: (e) => e.name === 'v8.compile' || e.name === 'v8.compileModule',
  run: (e) => e.name === 'v8.run' || e.name === 'v8.evaluateModule',
};

/** One traced cold start (workerStart.ts's): the worker thread's steps and its first request. */
async function tracedStart(b: Browsing, ours: boolean, name: string) {
  const browser = b.h.context.browser() as PwBrowser;
  const path = join(OUT, `${name}.trace.json`);
  const { startMs } = await coldStart(b, ours, {
    before: () => browser.startTracing(undefined, { path, categories: CATEGORIES }),
    after: async () => void (await browser.stopTracing()),
  });
  const ev = loadTrace(path);
  const thread = [...threadNames(ev)].find(([, n]) => /ServiceWorker/i.test(n))?.[0];
  const mine = ev.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X');
  const steps = Object.fromEntries(
    Object.entries(STEPS).map(([k, is]) => [k, round(mine.filter(is).reduce((s, e) => s + (e.dur ?? 0), 0) / 1000, 1)]),
  );
  return { startMs: round(startMs, 1), ...steps } as Record<string, number>;
}

async function main() {
  const starts = Number(process.argv[2] ?? 5);
  mkdirSync(OUT, { recursive: true });
  const floorDir = await buildFloorExtension();
  const runs: Record<'ours' | 'floor', Record<string, number>[]> = { ours: [], floor: [] };
  try {
    await withLatencyBrowser(DEFAULT_EXTENSION_DIR, {}, (o) =>
      withLatencyBrowser(floorDir, { floor: true }, async (f) => {
        await ask(o.driver, 'getList', { name: 'domains' });
        for (let i = 0; i < starts; i++) {
          runs.floor.push(await tracedStart(f, false, `worker-floor-${i}`));
          runs.ours.push(await tracedStart(o, true, `worker-ours-${i}`));
        }
      }),
    );
  } finally {
    rmSync(floorDir, { recursive: true, force: true });
  }
  const medians = Object.fromEntries(
    (['ours', 'floor'] as const).map((who) => [
      who,
      Object.fromEntries(['startMs', ...Object.keys(STEPS)].map((k) => [k, round(stat(runs[who].map((r) => r[k]!)).median, 1)])),
    ]),
  );
  writeFileSync(join(OUT, 'worker-summary.json'), JSON.stringify({ medians, runs }, null, 2));
  console.log(JSON.stringify({ medians, runs }, null, 1));
}

void main();
