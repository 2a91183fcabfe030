/**
 * The queue's part of `npm run bench`: the runs (alone at five offsets in the window, beside a
 * second client, human-paced), their rows in the printed table and their members of
 * .output/bench.json. Judged run by run: every run must reach the target, not the median.
 */
import { humanRun, type HumanRun } from './human';
import { queueRun, type QueueRun } from './queue';
import { round, stat, type Stat } from './util';

export const QUEUE = { count: 60, limit: 10, windowMs: 2000, otherPerWindow: 5 };
/** Alone, the runs start this long after a window boundary (early, middle and late in the window). */
export const QUEUE_OFFSETS_MS = [0, 333, 1000, 1667, 1900];
/** A user pressing Shorten (with a campaign) again and again, against a tight budget in both groups. */
export const HUMAN = { presses: 12, gapMs: 400, limit: 5, windowMs: 3000 };
export const HUMAN_OFFSETS_MS = [0, 1500, 2900];
export const QUEUE_TARGETS = {
  queueElapsedRatio: 1.1,
  queueRejected: 0,
  contendedRejectedPerWindow: 1,
  humanElapsedRatio: 1.1,
  humanRefusalsPerWindow: 1,
};

export interface QueueRow {
  figure: string;
  stat?: Stat;
  value?: number;
  unit: string;
  target: string;
  pass?: boolean;
  digits?: number;
}

export interface QueueFigures {
  alone: QueueRun[];
  contended: QueueRun[];
  human: HumanRun[];
}

/** Runs every queue scenario one after another (each in its own browser and sandbox). */
export async function runQueues(extensionDir: string, contendedRuns: number, say: (msg: string) => void): Promise<QueueFigures> {
  const alone: QueueRun[] = [];
  for (const [i, startPhaseMs] of QUEUE_OFFSETS_MS.entries()) {
    say(
      `queue: ${QUEUE.count} shortens through the extension, ${QUEUE.limit} per ${QUEUE.windowMs} ms, alone, ${startPhaseMs} ms after a boundary (run ${i + 1}/${QUEUE_OFFSETS_MS.length})`,
    );
    const r = await queueRun({ extensionDir, ...QUEUE, otherPerWindow: 0, startPhaseMs, timeoutMs: 60_000 }, `alone-${i}`);
    say(
      `  elapsed ${r.elapsedMs} ms, least ${r.leastMs} ms, ratio ${round(r.ratio, 3)}, rejected ${r.rejected}, lost ${r.lost}, ` +
        `sent at ${r.startedAtPhaseMs} ms in the window, first request ${r.firstRequestAfterMs} ms later, last job settled ${r.lastRequestToEndMs} ms after the last request`,
    );
    alone.push(r);
  }
  const contended: QueueRun[] = [];
  for (let i = 0; i < contendedRuns; i++) {
    say(`queue: the same beside a second client spending ${QUEUE.otherPerWindow} per window (run ${i + 1}/${contendedRuns})`);
    const r = await queueRun({ extensionDir, ...QUEUE, timeoutMs: 90_000 }, `contended-${i}`);
    say(
      `  elapsed ${r.elapsedMs} ms, least ${r.leastMs} ms, ratio ${round(r.ratio, 3)}, rejected ${r.rejected} in ${r.windows} windows, ` +
        `lost ${r.lost}; second client ${r.other.ok} ok / ${r.other.rejected} refused`,
    );
    contended.push(r);
  }
  const human: HumanRun[] = [];
  for (const [i, startPhaseMs] of HUMAN_OFFSETS_MS.entries()) {
    say(
      `queue: ${HUMAN.presses} shortens with a campaign pressed ${HUMAN.gapMs} ms apart, ${HUMAN.limit} per ${HUMAN.windowMs} ms in both groups, first press ${startPhaseMs} ms after a boundary (run ${i + 1}/${HUMAN_OFFSETS_MS.length})`,
    );
    const r = await humanRun({ extensionDir, ...HUMAN, startPhaseMs, timeoutMs: 60_000 }, `human-${i}`);
    say(
      `  elapsed ${r.elapsedMs} ms, least ${r.leastMs} ms, ratio ${round(r.ratio, 3)}, refused ${r.refusedShorten} shorten + ${r.refusedMain} main ` +
        `(at most ${r.maxRefusalsPerWindow} per window), made ${r.created}/${HUMAN.presses} (${r.duplicates} twice), in the campaign ${r.assigned}`,
    );
    human.push(r);
  }
  return { alone, contended, human };
}

/** The table rows and the JSON members of the queue figures. */
export function queueReport(q: QueueFigures) {
  const T = QUEUE_TARGETS;
  const alone = {
    ratio: stat(q.alone.map((r) => r.ratio)),
    elapsed: stat(q.alone.map((r) => r.elapsedMs)),
    least: stat(q.alone.map((r) => r.leastMs)),
    rejected: stat(q.alone.map((r) => r.rejected)),
    lost: stat(q.alone.map((r) => r.lost)),
    firstRequest: stat(q.alone.map((r) => r.firstRequestAfterMs)),
    tail: stat(q.alone.map((r) => r.lastRequestToEndMs)),
  };
  const cont = {
    ratio: stat(q.contended.map((r) => r.ratio)),
    rejected: stat(q.contended.map((r) => r.rejected)),
    perWindow: stat(q.contended.map((r) => r.rejectedPerWindow)),
    lost: stat(q.contended.map((r) => r.lost)),
  };
  const human = {
    ratio: stat(q.human.map((r) => r.ratio)),
    perWindow: stat(q.human.map((r) => r.maxRefusalsPerWindow)),
    refused: stat(q.human.map((r) => r.refusedShorten + r.refusedMain)),
    lost: stat(q.human.map((r) => r.lost + r.failedJobs)),
    twice: stat(q.human.map((r) => r.duplicates + r.assignedTwice)),
  };
  const pass = {
    queueElapsedRatio: alone.ratio.max <= T.queueElapsedRatio,
    queueRejected: alone.rejected.max <= T.queueRejected,
    contendedRejectedPerWindow: cont.perWindow.max <= T.contendedRejectedPerWindow,
    humanElapsedRatio: human.ratio.max <= T.humanElapsedRatio,
    humanRefusalsPerWindow: human.perWindow.max <= T.humanRefusalsPerWindow,
    humanNothingLostOrTwice: human.lost.max === 0 && human.twice.max === 0,
  };
  const rows: QueueRow[] = [
    {
      figure: 'Queue alone: elapsed / least (worst run)',
      stat: alone.ratio,
      unit: '×',
      digits: 3,
      target: `≤ ${T.queueElapsedRatio}× (every run)`,
      pass: pass.queueElapsedRatio,
    },
    ...q.alone.map((r) => ({
      figure: `  started ${r.offsetMs} ms after a boundary`,
      value: r.ratio,
      unit: '×',
      digits: 3,
      target: `≤ ${T.queueElapsedRatio}×`,
      pass: r.ratio <= T.queueElapsedRatio && r.rejected === 0,
    })),
    { figure: 'Queue alone: rejected', stat: alone.rejected, unit: '', target: '0 (every run)', pass: pass.queueRejected },
    { figure: 'Queue alone: lost', stat: alone.lost, unit: '', target: '' },
    { figure: '  sending → first request', stat: alone.firstRequest, unit: 'ms', target: '' },
    { figure: '  last request → last job settled', stat: alone.tail, unit: 'ms', target: '' },
    { figure: 'Contended: elapsed / least (half budget)', stat: cont.ratio, unit: '×', digits: 3, target: '' },
    {
      figure: 'Contended: rejected per window',
      stat: cont.perWindow,
      unit: '',
      digits: 2,
      target: `≤ ${T.contendedRejectedPerWindow} (every run)`,
      pass: pass.contendedRejectedPerWindow,
    },
    { figure: 'Contended: lost (requested − created)', stat: cont.lost, unit: '', target: '' },
    {
      figure: 'Human-paced: elapsed / least (worst run)',
      stat: human.ratio,
      unit: '×',
      digits: 3,
      target: `≤ ${T.humanElapsedRatio}× (every run)`,
      pass: pass.humanElapsedRatio,
    },
    ...q.human.map((r) => ({
      figure: `  first press ${r.offsetMs} ms after a boundary`,
      value: r.ratio,
      unit: '×',
      digits: 3,
      target: `≤ ${T.humanElapsedRatio}×`,
      pass: r.ratio <= T.humanElapsedRatio,
    })),
    {
      figure: 'Human-paced: refusals per window (worst)',
      stat: human.perWindow,
      unit: '',
      target: `≤ ${T.humanRefusalsPerWindow} (every run)`,
      pass: pass.humanRefusalsPerWindow,
    },
    {
      figure: 'Human-paced: lost or made twice',
      stat: stat(q.human.map((r) => r.lost + r.failedJobs + r.duplicates + r.assignedTwice)),
      unit: '',
      target: '0',
      pass: pass.humanNothingLostOrTwice,
    },
  ];
  const withRange = (name: string, s: Stat, digits = 1) => ({
    [name]: round(s.median, digits),
    [`${name}Min`]: round(s.min, digits),
    [`${name}Max`]: round(s.max, digits),
  });
  const json = {
    // The worst run: every run must reach the target.
    queueElapsedRatio: round(alone.ratio.max, 3),
    queueElapsedRatioMedian: round(alone.ratio.median, 3),
    queueElapsedRatioMin: round(alone.ratio.min, 3),
    queueByOffset: q.alone.map((r) => ({
      offsetMs: r.offsetMs,
      startedAtPhaseMs: r.startedAtPhaseMs,
      ratio: round(r.ratio, 3),
      elapsedMs: r.elapsedMs,
      leastMs: r.leastMs,
      rejected: r.rejected,
      lost: r.lost,
      windows: r.windows,
      firstRequestMs: r.firstRequestAfterMs,
      tailMs: r.lastRequestToEndMs,
    })),
    ...withRange('queueElapsedMs', alone.elapsed, 0),
    ...withRange('queueLeastMs', alone.least, 0),
    ...withRange('queueRejected', alone.rejected),
    ...withRange('queueLost', alone.lost),
    ...withRange('queueFirstRequestMs', alone.firstRequest, 0),
    ...withRange('queueTailMs', alone.tail, 0),
    ...withRange('contendedElapsedRatio', cont.ratio, 3),
    ...withRange('contendedRejected', cont.rejected),
    ...withRange('contendedRejectedPerWindow', cont.perWindow, 3),
    ...withRange('contendedLost', cont.lost),
    humanElapsedRatio: round(human.ratio.max, 3),
    humanElapsedRatioMedian: round(human.ratio.median, 3),
    humanRefusalsPerWindow: human.perWindow.max,
    humanRefused: human.refused.max,
    humanLost: human.lost.max,
    humanMadeTwice: human.twice.max,
    humanByOffset: q.human.map((r) => ({ ...r, ratio: round(r.ratio, 3) })),
  };
  return {
    rows,
    json,
    pass,
    details: {
      queue: QUEUE,
      queueOffsetsMs: QUEUE_OFFSETS_MS,
      human: HUMAN,
      humanOffsetsMs: HUMAN_OFFSETS_MS,
      queueRuns: q.alone,
      contendedRuns: q.contended,
    },
    targets: T,
  };
}
