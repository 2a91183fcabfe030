/**
 * The floors of the two cold-open figures at L: the floor extension (build.ts) timed
 * exactly as the project's build is timed (test/bench/latencyOpens.ts), in the same bench run.
 * `BENCH_ONLY=floor` runs the project's two figures and these floors only.
 */
import { rmSync } from 'node:fs';
import { BIG_LIST, bigList, coldLists, LATENCY_MS, withLatencyBrowser, type BigList, type ColdLists } from '../latencyOpens';
import { stat, type Stat } from '../util';
import { evalInWorker } from '../../e2e/harness';
import { recentProbe } from '../latencyPage';
import { recentAfterReady } from '../latencyRecent';
import { buildFloorExtension } from './build';
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

export interface FloorFigures {
  coldLists: ColdLists;
  bigList: BigList;
  direct: BigList;
  /** Recent links drawn − form ready in the floor popup (a chunk after the first render): none stored, and a stored head of 5,000. */
  recentEmpty: Stat;
  recentMany: Stat;
}

type FloorRuns = { coldOpens: number; bigListCold: number; recentOpens: number };

/** The floor popup's Recent links, `n` opens with none stored and `n` with the newest 30 of 5,000 in the stored head (the project's head). */
async function recentFloor(extensionDir: string, n: number): Promise<{ empty: Stat; many: Stat }> {
  return withLatencyBrowser(
    extensionDir,
    { floor: true, init: async (h) => void (await h.context.addInitScript(recentProbe)) },
    async ({ h, sb }) => {
      // One open first: the floor's worker then holds the lists (a warm open, as the project's timed ones).
      await recentAfterReady(h, sb, 'floor-recent-warm', 1, false);
      const empty = await recentAfterReady(h, sb, 'floor-recent-empty', n, false);
      await evalInWorker(
        h,
        async (url) => {
          const entries = Array.from({ length: 30 }, (_, i) => ({
            id: `e${i}`,
            shortUrl: `${url}/s/${i}`,
            longUrl: `https://example.org/bench/floor/${i}`,
          }));
          await chrome.storage.local.set({ recentHead: { entries, total: 5000 } });
        },
        sb.url,
      );
      const many = await recentAfterReady(h, sb, 'floor-recent-many', n, false);
      return { empty: empty.drawn, many: many.drawn };
    },
  );
}

/** Both variants of the options page in turns (worker, direct), `n` rounds, so that a busy moment of the machine falls on both. */
export async function bigListInTurns(extensionDir: string, n: number, http2 = false): Promise<{ floor: BigList; direct: BigList }> {
  return withLatencyBrowser(extensionDir, { bigList: true, floor: true, http2 }, async (b) => {
    const floor: BigList[] = [];
    const direct: BigList[] = [];
    for (let i = 0; i < n; i++) {
      floor.push(await bigList(b, 'floor', 1));
      direct.push(await bigList(b, 'direct', 1));
    }
    const merge = (runs: BigList[]): BigList => ({
      overL: stat(runs.flatMap((r) => r.overL.values)),
      wire: runs.flatMap((r) => r.wire),
      phases: runs.flatMap((r) => r.phases),
      workerStartMs: stat(runs.flatMap((r) => r.workerStartMs.values)),
    });
    return { floor: merge(floor), direct: merge(direct) };
  });
}

/** The floor of cold lists (`runs.coldOpens` opens), of the big list (`runs.bigListCold` runs, and as many direct ones) and of Recent links (`runs.recentOpens` opens each). */
export async function runFloors(runs: FloorRuns, say: (m: string) => void): Promise<FloorFigures> {
  const dir = await buildFloorExtension();
  try {
    say(`floor: popup at L = ${LATENCY_MS} ms, warm opens, ${runs.coldOpens} opens with the worker stopped (${dir})`);
    const cold = await withLatencyBrowser(dir, { floor: true }, (b) => coldLists(b, 'floor', runs.coldOpens));
    say(
      `floor: options page, ${BIG_LIST.campaigns} campaigns, ${runs.bigListCold} runs through the stopped worker and ${runs.bigListCold} direct`,
    );
    const big = await bigListInTurns(dir, runs.bigListCold);
    say(`floor: Recent links after ready, ${runs.recentOpens} opens with none and ${runs.recentOpens} with 5,000`);
    const recent = await recentFloor(dir, runs.recentOpens);
    return { coldLists: cold, bigList: big.floor, direct: big.direct, recentEmpty: recent.empty, recentMany: recent.many };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface OursAndFloors {
  ours: { coldLists: ColdLists; bigList: BigList };
  floors: FloorFigures;
}

/** BENCH_ONLY=floor: the project's cold lists and big list, then the floors, in one run. */
export async function runFloorPart(extensionDir: string, runs: FloorRuns, say: (m: string) => void): Promise<OursAndFloors> {
  say(`ours: popup at L = ${LATENCY_MS} ms, warm opens, ${runs.coldOpens} cold opens`);
  const cold = await withLatencyBrowser(extensionDir, {}, (b) => coldLists(b, 'ours', runs.coldOpens));
  say(`ours: options page, ${BIG_LIST.campaigns} campaigns, ${runs.bigListCold} cold opens`);
  const big = await withLatencyBrowser(extensionDir, { bigList: true }, (b) => bigList(b, 'ours', runs.bigListCold));
  const floors = await runFloors(runs, say);
  return { ours: { coldLists: cold, bigList: big }, floors };
}
