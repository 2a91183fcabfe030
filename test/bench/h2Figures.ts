/**
 * The cold opens over HTTP/1.1 and HTTP/2 side by side with their floors: the rows and JSON
 * members of the HTTP/2 figures (`…H2`), their targets (judged on the worst open, against the
 * floor's worst in the same run), and a table of both protocols printed after the main one.
 */
import type { QueueRow } from './queueFigures';
import type { BigList, ColdLists } from './latencyOpens';
import type { H2Figures } from './latencyH2';
import { round, stat, type Stat } from './util';

/** Over either protocol: ours and the floor's, as the bench measured them. */
export interface OneWay {
  ours: { coldLists: ColdLists; bigList: BigList };
  floor: { coldLists: ColdLists; bigList: BigList; direct: BigList };
}

export const H2_TARGETS = {
  /** Cold lists over L, ours' worst ≤ the floor's worst + this, over HTTP/1.1 and HTTP/2. */
  coldListsOverFloorWorst: 0.1,
  /** 1,000 campaigns over L over HTTP/2: at most this, and at most the floor's worst + 0.3. */
  bigListColdOverLH2: 2.5,
  bigListOverFloorWorstH2: 0.3,
};

const range = (name: string, s: Stat, digits = 2) => ({
  [name]: round(s.median, digits),
  [`${name}Min`]: round(s.min, digits),
  [`${name}Max`]: round(s.max, digits),
});
const inFlight = (r: ColdLists | BigList) => stat(r.wire.map((w) => w.maxInFlight)).max;
const firstRequest = (r: ColdLists | BigList) => round(stat(r.wire.map((w) => w.firstArrivalMs)).median);
const mw = (s: Stat) => `${s.median.toFixed(2)} / ${s.max.toFixed(2)}`;

/** Verdicts: ours' worst against the floor's worst of the same run (and 2.5 for the big list over HTTP/2). */
export function h2Verdicts(h1: OneWay | undefined, h2: H2Figures) {
  const T = H2_TARGETS;
  const cold = (w: OneWay) => w.ours.coldLists.overL.max <= w.floor.coldLists.overL.max + T.coldListsOverFloorWorst;
  return {
    ...(h1 ? { coldListsFilledOverLVsFloor: cold(h1) } : {}),
    coldListsFilledOverLH2: cold(h2),
    bigListColdOverLH2:
      h2.ours.bigList.overL.max <= T.bigListColdOverLH2 &&
      h2.ours.bigList.overL.max <= h2.floor.bigList.overL.max + T.bigListOverFloorWorstH2,
  };
}

/** The HTTP/2 rows and JSON members, with the HTTP/1.1 verdict against the floor when `h1` is given. */
export function h2Report(h2: H2Figures, h1?: OneWay) {
  const pass = h2Verdicts(h1, h2);
  const T = H2_TARGETS;
  const f = h2.floor;
  const rows: QueueRow[] = [
    {
      figure: 'HTTP/2: cold popup, (lists filled − warm ready) / L',
      stat: h2.ours.coldLists.overL,
      unit: '×',
      digits: 2,
      target: `≤ floor's worst + ${T.coldListsOverFloorWorst} (${(f.coldLists.overL.max + T.coldListsOverFloorWorst).toFixed(2)})`,
      pass: pass.coldListsFilledOverLH2,
    },
    { figure: '  HTTP/2 floor: cold lists / L', stat: f.coldLists.overL, unit: '×', digits: 2, target: '(floor)' },
    {
      figure: 'HTTP/2: options, 1,000 campaigns cold / L',
      stat: h2.ours.bigList.overL,
      unit: '×',
      digits: 2,
      target: `≤ ${T.bigListColdOverLH2} and ≤ floor's worst + ${T.bigListOverFloorWorstH2} (worst)`,
      pass: pass.bigListColdOverLH2,
    },
    { figure: '  HTTP/2 floor: 1,000 campaigns via stopped worker / L', stat: f.bigList.overL, unit: '×', digits: 2, target: '(floor)' },
    {
      figure: '  HTTP/2 floor: 1,000 campaigns, page fetching directly / L',
      stat: f.direct.overL,
      unit: '×',
      digits: 2,
      target: '(floor)',
    },
  ];
  if (h1 && pass.coldListsFilledOverLVsFloor !== undefined)
    rows.unshift({
      figure: 'HTTP/1.1: cold popup / L beside its floor',
      stat: h1.ours.coldLists.overL,
      unit: '×',
      digits: 2,
      target: `≤ floor's worst + ${T.coldListsOverFloorWorst} (${(h1.floor.coldLists.overL.max + T.coldListsOverFloorWorst).toFixed(2)})`,
      pass: pass.coldListsFilledOverLVsFloor,
    });
  const json = {
    ...range('coldListsFilledOverLH2', h2.ours.coldLists.overL),
    ...range('bigListColdOverLH2', h2.ours.bigList.overL),
    ...range('coldListsFloorOverLH2', f.coldLists.overL),
    ...range('bigListFloorOverLH2', f.bigList.overL),
    ...range('bigListDirectOverLH2', f.direct.overL),
  };
  const anatomy = (r: ColdLists | BigList) => ({
    overL: r.overL.values.map((v) => round(v, 2)),
    firstRequestAtSandboxMs: firstRequest(r),
    maxInFlight: inFlight(r),
    wire: r.wire,
  });
  const details = {
    http2: {
      ours: { coldLists: anatomy(h2.ours.coldLists), bigList: anatomy(h2.ours.bigList) },
      floor: { coldLists: anatomy(f.coldLists), bigList: anatomy(f.bigList), direct: anatomy(f.direct) },
    },
  };
  return { rows, json, pass, details, targets: H2_TARGETS };
}

/** Prints both protocols side by side: ours and the floor, median / worst over L, and the most requests in flight at once. */
export function printSideBySide(h1: OneWay | undefined, h2: H2Figures): void {
  const cells = (w: OneWay | undefined, pick: (w: OneWay) => BigList | ColdLists) =>
    w ? `${mw(pick(w).overL)} (${inFlight(pick(w))})` : '–';
  const lines: [string, (w: OneWay) => BigList | ColdLists, (w: OneWay) => BigList | ColdLists][] = [
    ['Cold popup: lists filled − warm ready, / L', (w) => w.ours.coldLists, (w) => w.floor.coldLists],
    ['Options: 1,000 campaigns cold, / L', (w) => w.ours.bigList, (w) => w.floor.bigList],
    ['  the floor page fetching directly', (w) => w.floor.direct, (w) => w.floor.direct],
  ];
  const head = ['median / worst (most in flight)', 'HTTP/1.1 ours', 'floor', 'HTTP/2 ours', 'floor'];
  const body = lines.map(([name, ours, floor]) => [
    name,
    name.startsWith('  ') ? '' : cells(h1, ours),
    cells(h1, floor),
    name.startsWith('  ') ? '' : cells(h2, ours),
    cells(h2, floor),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
  console.log('');
}

interface Report {
  rows: QueueRow[];
  json: Record<string, unknown>;
  pass: Record<string, boolean>;
  details: Record<string, unknown>;
  targets: Record<string, number>;
}

/** `report` with the HTTP/2 figures added (rows, JSON members, verdicts, details, targets). */
export function withH2Report<R extends Report>(report: R, h2: H2Figures, h1?: OneWay): R {
  const r = h2Report(h2, h1);
  return {
    ...report,
    rows: [...report.rows, ...r.rows],
    json: { ...report.json, ...r.json },
    pass: { ...report.pass, ...r.pass },
    details: { ...report.details, ...r.details },
    targets: { ...report.targets, ...r.targets },
  };
}
