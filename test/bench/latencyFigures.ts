/** The latency figures (latency.ts) as rows of the printed table and members of bench.json, with their targets. */
import type { QueueRow } from './queueFigures';
import { round, type Stat } from './util';
import { BIG_LIST, LATENCY_MS, LATENCY_TARGETS as T, type LatencyFigures } from './latency';
import { floorReport, oursAnatomy } from './floor/figures';

/** Rows, JSON and verdicts: a target is met when every sample of the run meets it (its worst). */
export function latencyReport(f: LatencyFigures) {
  const pass = {
    pressToLinkOverheadMs: f.pressToLink.max <= T.pressToLinkOverheadMs,
    pressToClipboardOverheadMs: f.pressToClipboard.max <= T.pressToClipboardOverheadMs,
    coldListsFilledOverL: f.coldListsOverL.max <= T.coldListsFilledOverL,
    recentShownAfterReadyMsEmpty: f.recentEmpty.max <= T.recentShownAfterReadyMs,
    recentShownAfterReadyMs5000: f.recentMany.max <= T.recentShownAfterReadyMs,
    searchKeystrokeMedianMs: f.keystroke.median <= T.searchKeystrokeMedianMs,
    searchKeystrokeWorstMs: f.keystroke.max <= T.searchKeystrokeWorstMs,
    bigListColdOverL: f.bigListOverL.max <= T.bigListColdOverL,
  };
  const L = `L = ${LATENCY_MS} ms`;
  // Each target's floor (test/bench/floor) beside it, with where the time goes.
  const floors = floorReport(f.floors);
  const ours = oursAnatomy(f.coldLists, f.bigList);
  const rows: QueueRow[] = [
    {
      figure: `Press → link shown, less L (${L}, campaign + channel)`,
      stat: f.pressToLink,
      unit: 'ms',
      target: `≤ ${T.pressToLinkOverheadMs} ms (worst)`,
      pass: pass.pressToLinkOverheadMs,
    },
    { figure: 'Press → link shown, less L, 5,000 Recent links (one press an open)', stat: f.pressToLinkMany, unit: 'ms', target: '' },
    {
      figure: 'Press → link copied, less L',
      stat: f.pressToClipboard,
      unit: 'ms',
      target: `≤ ${T.pressToClipboardOverheadMs} ms (worst)`,
      pass: pass.pressToClipboardOverheadMs,
    },
    { figure: 'Popup ready, warm cache (at L)', stat: f.warmReady, unit: 'ms', target: '' },
    {
      figure: 'Cold popup: (lists filled − warm ready) / L',
      stat: f.coldListsOverL,
      unit: '×',
      digits: 2,
      target: `≤ ${T.coldListsFilledOverL} (worst)`,
      pass: pass.coldListsFilledOverL,
    },
    {
      figure: 'Recent links drawn − form ready, empty',
      stat: f.recentEmpty,
      unit: 'ms',
      target: `≤ ${T.recentShownAfterReadyMs} ms (worst)`,
      pass: pass.recentShownAfterReadyMsEmpty,
    },
    {
      figure: 'Recent links drawn − form ready, 5,000 links',
      stat: f.recentMany,
      unit: 'ms',
      target: `≤ ${T.recentShownAfterReadyMs} ms (worst)`,
      pass: pass.recentShownAfterReadyMs5000,
    },
    { figure: 'Recent links: the whole list (5,000) drawn − search focused', stat: f.recentWhole, unit: 'ms', target: '' },
    {
      figure: 'Search keystroke, 5,000 links (median)',
      value: f.keystroke.median,
      stat: f.keystroke,
      unit: 'ms',
      target: `≤ ${T.searchKeystrokeMedianMs} ms`,
      pass: pass.searchKeystrokeMedianMs,
    },
    {
      figure: 'Search keystroke, 5,000 links (worst)',
      value: f.keystroke.max,
      unit: 'ms',
      target: `≤ ${T.searchKeystrokeWorstMs} ms`,
      pass: pass.searchKeystrokeWorstMs,
    },
    {
      figure: `Options, ${BIG_LIST.campaigns} campaigns cold: time / L`,
      stat: f.bigListOverL,
      unit: '×',
      digits: 2,
      target: `≤ ${T.bigListColdOverL} (worst)`,
      pass: pass.bigListColdOverL,
    },
    ...ours.rows,
    ...floors.rows,
    { figure: 'History: stored bytes per entry', value: f.historyBytesPerEntry, unit: 'B', digits: 0, target: '' },
    {
      figure: 'API requests per warm open (at L)',
      stat: f.warmRequests,
      unit: '',
      target: '0 (every open)',
      pass: f.warmRequests.max === 0,
    },
    {
      figure: 'Popup JS before usable (gzip)',
      value: f.popupJsGzipBytes,
      unit: 'B',
      digits: 0,
      target: '≤ 75000 B',
      pass: f.popupJsGzipBytes <= 75_000,
    },
  ];
  const range = (name: string, s: Stat, digits = 1) => ({
    [name]: round(s.median, digits),
    [`${name}Min`]: round(s.min, digits),
    [`${name}Max`]: round(s.max, digits),
  });
  const json = {
    latencyMs: LATENCY_MS,
    ...range('pressToLinkOverheadMs', f.pressToLink),
    ...range('pressToLinkOverheadMs5000', f.pressToLinkMany),
    ...range('pressToClipboardOverheadMs', f.pressToClipboard),
    ...range('latencyWarmReadyMs', f.warmReady),
    ...range('coldListsFilledOverL', f.coldListsOverL, 2),
    ...range('recentShownAfterReadyMsEmpty', f.recentEmpty),
    ...range('recentShownAfterReadyMs5000', f.recentMany),
    ...range('recentWholeAfterSearchFocusMs5000', f.recentWhole),
    searchKeystrokeMs: { median: round(f.keystroke.median), worst: round(f.keystroke.max), min: round(f.keystroke.min), n: f.keystroke.n },
    ...range('bigListColdOverL', f.bigListOverL, 2),
    ...floors.json,
    historyBytesPerEntry: round(f.historyBytesPerEntry, 0),
    latencyRequestsPerWarmOpenMax: f.warmRequests.max,
    latencyPopupJsGzipBytes: f.popupJsGzipBytes,
  };
  const details = {
    latencyRaw: {
      pressToLinkOverheadMs: f.pressToLink.values.map((v) => round(v)),
      pressToLinkOverheadMs5000: f.pressToLinkMany.values.map((v) => round(v)),
      pressToClipboardOverheadMs: f.pressToClipboard.values.map((v) => round(v)),
      coldListsFilledOverL: f.coldListsOverL.values.map((v) => round(v, 2)),
      recentShownAfterReadyMsEmpty: f.recentEmpty.values.map((v) => round(v)),
      recentShownAfterReadyMs5000: f.recentMany.values.map((v) => round(v)),
      recentWholeAfterSearchFocusMs5000: f.recentWhole.values.map((v) => round(v)),
      searchKeystrokeMs: f.keystroke.values.map((v) => round(v)),
      bigListColdOverL: f.bigListOverL.values.map((v) => round(v, 2)),
      historyEntriesMeasured: f.historyEntriesMeasured,
    },
    ...ours.details,
    ...floors.details,
  };
  return { rows, json, pass, details, targets: T };
}
