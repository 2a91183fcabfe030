/**
 * What the sandbox saw of one open: its API requests (arrival and answer, ms after the page's
 * navigation started) and how many were in flight at once (arrived, not yet answered). With
 * HTTP/1.1, Chromium keeps at most six connections to one host: never more than six in flight.
 */
import type { LoggedRequest } from '../../sandbox/types';

export interface Wire {
  requests: number;
  /** The first API request's arrival, ms after the page's navigation started. */
  firstArrivalMs: number;
  /** The last answer's departure, ms after the page's navigation started. */
  lastAnswerMs: number;
  maxInFlight: number;
  arrivals: { path: string; query: string; atMs: number; answeredMs: number }[];
}

/** The API requests (no preflights) that arrived at or after `fromEpoch`, timed from `originEpoch` (the page's performance.timeOrigin). */
export function wireOf(log: readonly LoggedRequest[], fromEpoch: number, originEpoch: number): Wire {
  const reqs = log.filter((l) => l.path.startsWith('/api/') && l.method !== 'OPTIONS' && l.at >= fromEpoch);
  const edges: [number, number][] = [];
  for (const r of reqs) edges.push([r.at, 1], [r.answeredAt ?? Infinity, -1]);
  // An answer and an arrival at the same millisecond: the answer first (the connection is free again).
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let max = 0;
  for (const [, d] of edges) max = Math.max(max, (now += d));
  const ms = (t: number | undefined) => (t === undefined ? NaN : Math.round((t - originEpoch) * 10) / 10);
  return {
    requests: reqs.length,
    firstArrivalMs: reqs.length ? ms(Math.min(...reqs.map((r) => r.at))) : NaN,
    lastAnswerMs: reqs.length ? ms(Math.max(...reqs.map((r) => r.answeredAt ?? NaN))) : NaN,
    maxInFlight: max,
    arrivals: reqs.map((r) => ({ path: r.path, query: r.query, atMs: ms(r.at), answeredMs: ms(r.answeredAt) })),
  };
}
