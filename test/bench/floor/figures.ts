/**
 * The floors (run.ts) as rows of the printed table and members of the bench's JSON, beside the
 * project's own figures: the times, and where they go (worker start, first request at the
 * sandbox, requests in flight at once).
 */
import type { QueueRow } from '../queueFigures';
import type { BigList, ColdLists } from '../latencyOpens';
import { LATENCY_MS } from '../latencyOpens';
import { round, stat, type Stat } from '../util';
import type { FloorFigures, OursAndFloors } from './run';

const TARGETS = { coldListsFilledOverL: 1.3, bigListColdOverL: 3 };

const range = (name: string, s: Stat, digits = 1) => ({
  [name]: round(s.median, digits),
  [`${name}Min`]: round(s.min, digits),
  [`${name}Max`]: round(s.max, digits),
});

const workerScript = (r: ColdLists | BigList) => stat(r.phases.filter((p) => p.workerScriptMs !== undefined).map((p) => p.workerScriptMs!));
const firstRequest = (r: ColdLists | BigList) => stat(r.wire.map((w) => w.firstArrivalMs));
const inFlight = (r: ColdLists | BigList) => stat(r.wire.map((w) => w.maxInFlight));
const requests = (r: ColdLists | BigList) => stat(r.wire.map((w) => w.requests));

/** Where the time goes, the same members for ours and for a floor. */
function anatomy(r: ColdLists | BigList) {
  return {
    workerStartedMs: r.workerStartMs.values.map((v) => round(v)),
    firstRequestAtSandboxMs: round(firstRequest(r).median),
    lastAnswerMs: round(stat(r.wire.map((w) => w.lastAnswerMs)).median),
    maxInFlight: inFlight(r).max,
    requests: requests(r).median,
  };
}

/** The floors' rows and JSON members (`coldListsFloorOverL`, `bigListFloorOverL`, `bigListDirectOverL`, `recentShownAfterReadyFloorMs…`). */
export function floorReport(f: FloorFigures) {
  const rows: QueueRow[] = [
    { figure: 'Floor: cold lists, (filled − warm ready) / L', stat: f.coldLists.overL, unit: '×', digits: 2, target: '(floor)' },
    {
      figure: '  floor popup: warm ready (cold ready, median →)',
      stat: f.coldLists.warmReady,
      unit: 'ms',
      target: `${round(f.coldLists.coldReady.median)} ms`,
    },
    { figure: '  floor popup: worker started (time origin) after open', stat: f.coldLists.workerStartMs, unit: 'ms', target: '' },
    {
      figure: '  floor popup: page script started after open',
      stat: stat(f.coldLists.phases.map((p) => p.scriptMs)),
      unit: 'ms',
      target: '',
    },
    { figure: '  floor popup: worker script started after open', stat: workerScript(f.coldLists), unit: 'ms', target: '' },
    { figure: '  floor popup: first API request at sandbox after open', stat: firstRequest(f.coldLists), unit: 'ms', target: '' },
    { figure: 'Floor: 1,000 campaigns via stopped worker / L', stat: f.bigList.overL, unit: '×', digits: 2, target: '(floor)' },
    { figure: '  floor options: worker started (time origin) after open', stat: f.bigList.workerStartMs, unit: 'ms', target: '' },
    { figure: '  floor options: first API request at sandbox after open', stat: firstRequest(f.bigList), unit: 'ms', target: '' },
    { figure: '  floor options: requests in flight at once (max)', stat: inFlight(f.bigList), unit: '', target: '' },
    { figure: 'Floor: 1,000 campaigns, page fetching directly / L', stat: f.direct.overL, unit: '×', digits: 2, target: '(floor)' },
    { figure: '  direct: first API request at sandbox after open', stat: firstRequest(f.direct), unit: 'ms', target: '' },
    { figure: '  direct: requests in flight at once (max)', stat: inFlight(f.direct), unit: '', target: '' },
    { figure: 'Floor: Recent links drawn − form ready, empty', stat: f.recentEmpty, unit: 'ms', target: '(floor)' },
    { figure: 'Floor: Recent links drawn − form ready, 5,000 links', stat: f.recentMany, unit: 'ms', target: '(floor)' },
  ];
  const json = {
    ...range('coldListsFloorOverL', f.coldLists.overL, 2),
    ...range('bigListFloorOverL', f.bigList.overL, 2),
    ...range('bigListDirectOverL', f.direct.overL, 2),
    ...range('recentShownAfterReadyFloorMsEmpty', f.recentEmpty),
    ...range('recentShownAfterReadyFloorMs5000', f.recentMany),
  };
  const details = {
    floors: {
      coldLists: {
        warmReadyMs: round(f.coldLists.warmReady.median),
        coldReadyMs: f.coldLists.coldReady.values.map((v) => round(v)),
        ...anatomy(f.coldLists),
        phases: f.coldLists.phases,
        wire: f.coldLists.wire,
      },
      bigList: {
        overL: f.bigList.overL.values.map((v) => round(v, 2)),
        ...anatomy(f.bigList),
        phases: f.bigList.phases,
        wire: f.bigList.wire,
      },
      direct: { overL: f.direct.overL.values.map((v) => round(v, 2)), ...anatomy(f.direct), phases: f.direct.phases, wire: f.direct.wire },
      recentShownAfterReadyMs: { empty: f.recentEmpty.values.map((v) => round(v)), many: f.recentMany.values.map((v) => round(v)) },
    },
  };
  return { rows, json, details };
}

/** The project's two figures with what the sandbox saw of them (in flight at once, first request). */
export function oursAnatomy(cold: ColdLists, big: BigList) {
  const rows: QueueRow[] = [
    { figure: '  ours popup: worker started (time origin) after open', stat: cold.workerStartMs, unit: 'ms', target: '' },
    { figure: '  ours popup: first API request at sandbox after open', stat: firstRequest(cold), unit: 'ms', target: '' },
    { figure: '  ours popup: requests in flight at once (max)', stat: inFlight(cold), unit: '', target: '' },
    { figure: '  ours options: worker started (time origin) after open', stat: big.workerStartMs, unit: 'ms', target: '' },
    { figure: '  ours options: first API request at sandbox after open', stat: firstRequest(big), unit: 'ms', target: '' },
    { figure: '  ours options: requests in flight at once (max)', stat: inFlight(big), unit: '', target: '' },
    { figure: '  ours options: API requests per open', stat: requests(big), unit: '', target: '' },
  ];
  const details = {
    ours: {
      coldLists: {
        warmReadyMs: round(cold.warmReady.median),
        coldReadyMs: cold.coldReady.values.map((v) => round(v)),
        ...anatomy(cold),
        wire: cold.wire,
      },
      bigList: { overL: big.overL.values.map((v) => round(v, 2)), ...anatomy(big), wire: big.wire },
    },
  };
  return { rows, details };
}

/** BENCH_ONLY=floor: ours and the floors side by side, → .output/bench-floor.json. */
export function floorPartReport(r: OursAndFloors) {
  const { coldLists: cold, bigList: big } = r.ours;
  const pass = {
    coldListsFilledOverL: cold.overL.max <= TARGETS.coldListsFilledOverL,
    bigListColdOverL: big.overL.max <= TARGETS.bigListColdOverL,
  };
  const floors = floorReport(r.floors);
  const ours = oursAnatomy(cold, big);
  const rows: QueueRow[] = [
    {
      figure: `Ours: cold lists, (filled − warm ready) / L (L = ${LATENCY_MS} ms)`,
      stat: cold.overL,
      unit: '×',
      digits: 2,
      target: `≤ ${TARGETS.coldListsFilledOverL} (worst)`,
      pass: pass.coldListsFilledOverL,
    },
    {
      figure: '  ours popup: warm ready (cold ready, median →)',
      stat: cold.warmReady,
      unit: 'ms',
      target: `${round(cold.coldReady.median)} ms`,
    },
    {
      figure: 'Ours: 1,000 campaigns cold / L',
      stat: big.overL,
      unit: '×',
      digits: 2,
      target: `≤ ${TARGETS.bigListColdOverL} (worst)`,
      pass: pass.bigListColdOverL,
    },
    ...ours.rows,
    ...floors.rows,
  ];
  const json = {
    latencyMs: LATENCY_MS,
    ...range('coldListsFilledOverL', cold.overL, 2),
    ...range('bigListColdOverL', big.overL, 2),
    ...floors.json,
  };
  return { rows, json, pass, details: { ...ours.details, ...floors.details }, targets: TARGETS };
}
