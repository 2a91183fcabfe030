/**
 * The bulk page's part of `npm run bench`: 60 addresses pasted and "Shorten all" pressed, at
 * several offsets in the rate window, their rows in the printed table and their members of
 * .output/bench.json. Judged run by run: every run must reach the target.
 */
import { bulkRun, type BulkRun } from './bulk';
import { bulkFloorRun, type BulkFloorRun } from './bulkFloor';
import { round, stat } from './util';
import type { QueueRow } from './queueFigures';

export const BULK = { count: 60, limit: 10, windowMs: 2000 };
/** "Shorten all" is pressed this long after a window boundary (early, middle and late). */
export const BULK_OFFSETS_MS = [0, 333, 1000, 1667, 1900];
export const BULK_TARGETS = { bulkElapsedRatio: 1.1, bulkRejected: 0, bulkLostOrTwice: 0 };

export interface BulkRuns {
  runs: BulkRun[];
  /** The floor at the latest offset (bulkFloor.ts), beside the page's run there. */
  floor: BulkFloorRun | null;
}

/** The nth request's arrival after the press (1-based), or null when fewer came. */
const nth = (at: number[], n: number): number | null => (at.length >= n ? at[n - 1]! : null);

/** Runs the bulk scenario at every offset (each in its own browser and sandbox), then its floor at the latest offset. */
export async function runBulk(extensionDir: string, say: (msg: string) => void): Promise<BulkRuns> {
  const runs: BulkRun[] = [];
  for (const [i, startPhaseMs] of BULK_OFFSETS_MS.entries()) {
    say(
      `bulk: ${BULK.count} addresses pasted into the bulk page, ${BULK.limit} per ${BULK.windowMs} ms, pressed ${startPhaseMs} ms after a boundary (run ${i + 1}/${BULK_OFFSETS_MS.length})`,
    );
    const r = await bulkRun({ extensionDir, ...BULK, startPhaseMs, timeoutMs: 60_000 }, `bulk-${i}`);
    say(
      `  elapsed ${r.elapsedMs} ms, least ${r.leastMs} ms, ratio ${round(r.ratio, 3)}, rejected ${r.rejected}, lost ${r.lost}, ` +
        `made twice ${r.duplicates}, first request ${r.firstRequestAfterMs} ms and request ${BULK.limit} ${nth(r.requestsAtMs, BULK.limit)} ms after the press; the page said "${r.pageLine}"`,
    );
    runs.push(r);
  }
  const latest = BULK_OFFSETS_MS[BULK_OFFSETS_MS.length - 1]!;
  say(`bulk floor: a page sending 1 shorten, then ${BULK.limit - 1} on its answer, pressed ${latest} ms after a boundary`);
  const floor = await bulkFloorRun({ extensionDir, limit: BULK.limit, windowMs: BULK.windowMs, startPhaseMs: latest });
  say(
    `  first request ${nth(floor.requestsAtMs, 1)} ms and request ${BULK.limit} ${nth(floor.requestsAtMs, BULK.limit)} ms after the press`,
  );
  return { runs, floor };
}

/** The table rows and the JSON members of the bulk figure. */
export function bulkReport({ runs, floor }: BulkRuns) {
  const T = BULK_TARGETS;
  const latest = runs[runs.length - 1];
  const ratio = stat(runs.map((r) => r.ratio));
  const rejected = stat(runs.map((r) => r.rejected));
  const lostOrTwice = stat(runs.map((r) => r.lost + r.duplicates));
  const pass = {
    bulkElapsedRatio: ratio.max <= T.bulkElapsedRatio,
    bulkRejected: rejected.max <= T.bulkRejected,
    bulkLostOrTwice: lostOrTwice.max <= T.bulkLostOrTwice,
  };
  const rows: QueueRow[] = [
    {
      figure: 'Bulk page: elapsed / least (worst run)',
      stat: ratio,
      unit: '×',
      digits: 3,
      target: `≤ ${T.bulkElapsedRatio}× (every run)`,
      pass: pass.bulkElapsedRatio,
    },
    ...runs.map((r, i) => ({
      figure: `  pressed ${BULK_OFFSETS_MS[i]} ms after a boundary`,
      value: r.ratio,
      unit: '×',
      digits: 3,
      target: `≤ ${T.bulkElapsedRatio}×`,
      pass: r.ratio <= T.bulkElapsedRatio && r.rejected === 0,
    })),
    { figure: 'Bulk page: rejected', stat: rejected, unit: '', target: '0 (every run)', pass: pass.bulkRejected },
    { figure: 'Bulk page: lost or made twice', stat: lostOrTwice, unit: '', target: '0 (every run)', pass: pass.bulkLostOrTwice },
    ...(latest && floor
      ? [
          {
            figure: `  request ${BULK.limit} after the press, page (${BULK_OFFSETS_MS[runs.length - 1]} ms)`,
            value: nth(latest.requestsAtMs, BULK.limit) ?? NaN,
            unit: 'ms',
            target: '',
            pass: undefined,
          },
          {
            figure: `  request ${BULK.limit} after the press, floor`,
            value: nth(floor.requestsAtMs, BULK.limit) ?? NaN,
            unit: 'ms',
            target: '',
            pass: undefined,
          },
        ]
      : []),
  ];
  const json = {
    bulkElapsedRatio: round(ratio.max, 3),
    bulkElapsedRatioMedian: round(ratio.median, 3),
    bulkElapsedRatioMin: round(ratio.min, 3),
    bulkRejected: rejected.max,
    bulkLostOrTwice: lostOrTwice.max,
    bulkByOffset: runs.map((r, i) => ({
      offsetMs: BULK_OFFSETS_MS[i],
      ratio: round(r.ratio, 3),
      elapsedMs: r.elapsedMs,
      leastMs: r.leastMs,
      rejected: r.rejected,
      lost: r.lost,
      twice: r.duplicates,
      firstRequestMs: r.firstRequestAfterMs,
      windowsWorthRequestMs: nth(r.requestsAtMs, BULK.limit),
    })),
    bulkFloorFirstRequestMs: floor ? nth(floor.requestsAtMs, 1) : null,
    bulkFloorWindowsWorthRequestMs: floor ? nth(floor.requestsAtMs, BULK.limit) : null,
  };
  return { rows, json, pass, targets: T, details: { bulk: BULK, bulkRuns: runs, bulkFloor: floor } };
}
