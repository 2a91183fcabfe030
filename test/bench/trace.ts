/**
 * Reading Chromium traces for the profiles behind the bench's figures: CPU samples per thread,
 * where a thread's time went in a window, and a traced stretch of a browser's work.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser as PwBrowser } from 'playwright-core';
import { REPO_ROOT, type ExtensionHarness } from '../e2e/harness';
import { round } from './util';

export const OUT = join(REPO_ROOT, '.output/bench-profile');
export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'toplevel',
  'extensions',
  'ServiceWorker',
  'loading',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
}
interface CallFrame {
  functionName: string;
  url?: string;
}
export interface Sample {
  ts: number;
  frame: CallFrame;
  dur: number;
}

export function loadTrace(path: string): TraceEvent[] {
  const t = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return (Array.isArray(t) ? t : (t.traceEvents ?? [])).sort((a, b) => a.ts - b.ts);
}

export function threadNames(ev: TraceEvent[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of ev) if (e.name === 'thread_name') m.set(`${e.pid}:${e.tid}`, String(e.args?.name ?? ''));
  return m;
}

/** CPU samples per profiled thread (`pid:tid`), from the Profile/ProfileChunk events. */
export function cpuSamples(ev: TraceEvent[]): Map<string, Sample[]> {
  const profiles = new Map<string, { thread: string; t: number; nodes: Map<number, CallFrame>; samples: { ts: number; node: number }[] }>();
  for (const e of ev) {
    if (e.name === 'Profile') {
      const data = e.args?.data as { startTime: number };
      profiles.set(`${e.pid}:${e.id}`, { thread: `${e.pid}:${e.tid}`, t: data.startTime, nodes: new Map(), samples: [] });
    } else if (e.name === 'ProfileChunk') {
      const p = profiles.get(`${e.pid}:${e.id}`);
      if (!p) continue;
      const data = e.args?.data as {
        cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const n of data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n.callFrame);
      const deltas = data.timeDeltas ?? [];
      (data.cpuProfile?.samples ?? []).forEach((node, i) => {
        p.t += deltas[i] ?? 0;
        p.samples.push({ ts: p.t, node });
      });
    }
  }
  const out = new Map<string, Sample[]>();
  for (const p of profiles.values()) {
    const list = out.get(p.thread) ?? [];
    p.samples.forEach((s, i) => {
      const next = p.samples[i + 1];
      const dur = next ? Math.min(next.ts - s.ts, 10_000) : 0;
      list.push({ ts: s.ts, frame: p.nodes.get(s.node) ?? { functionName: '?' }, dur });
    });
    out.set(
      p.thread,
      list.sort((a, b) => a.ts - b.ts),
    );
  }
  return out;
}

/** Where a thread's time went in [from, to] (trace µs): idle, native, GC, and JS by file. */
export function breakdown(samples: Sample[] | undefined, from: number, to: number) {
  const by = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (const s of samples ?? []) {
    if (s.ts < from || s.ts > to) continue;
    total += s.dur;
    const f = s.frame;
    const key =
      f.functionName === '(idle)'
        ? 'idle'
        : f.functionName === '(program)'
          ? 'native (parse, style, layout, IPC…)'
          : f.functionName === '(garbage collector)'
            ? 'garbage collection'
            : f.url
              ? `JS ${basename(f.url.split('?')[0]!)}`
              : `JS (no file) ${f.functionName}`;
    by.set(key, (by.get(key) ?? 0) + s.dur);
    if (key.startsWith('JS')) {
      const fk = `${f.functionName || '(anonymous)'} @ ${basename(f.url ?? '')}`;
      fns.set(fk, (fns.get(fk) ?? 0) + s.dur);
    }
  }
  const ms = (us: number) => round(us / 1000, 1);
  const sorted = (m: Map<string, number>, n: number) =>
    Object.fromEntries(
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, ms(v)]),
    );
  const idle = by.get('idle') ?? 0;
  return { windowMs: ms(to - from), sampledMs: ms(total), busyMs: ms(total - idle), byKind: sorted(by, 12), topFunctions: sorted(fns, 8) };
}

export async function traced<T>(
  h: ExtensionHarness,
  name: string,
  fn: () => Promise<T>,
): Promise<{ result: T; events: TraceEvent[]; path: string }> {
  const browser = h.context.browser() as PwBrowser;
  const path = join(OUT, `${name}.trace.json`);
  await browser.startTracing(undefined, { path, categories: CATEGORIES });
  let result: T;
  try {
    result = await fn();
  } finally {
    await browser.stopTracing();
  }
  return { result, events: loadTrace(path), path };
}
