/**
 * Small helpers of the bench: statistics, the machine, messages to the worker from an
 * extension page (the webext-core envelope), and the sandbox's log.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import type { LoggedRequest } from '../sandbox/types';
import { CHROMIUM_PATH, type ExtensionHarness } from '../e2e/harness';

declare const chrome: typeof Browser;

/**
 * tsx (esbuild, keepNames) wraps named functions in `__name(fn, "name")`; functions that
 * Playwright serializes into a page carry that call with them. Defines it in every document
 * of the context (call before opening pages).
 */
export async function defineNameHelper(h: ExtensionHarness): Promise<void> {
  await h.context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Median, min and max of repeated figures (the median of an even count is the mean of the middle two). */
export interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
  values: number[];
}

export function stat(values: number[]): Stat {
  if (values.length === 0) return { median: NaN, min: NaN, max: NaN, n: 0, values: [] };
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median, min: s[0]!, max: s[s.length - 1]!, n: s.length, values };
}

export const round = (n: number, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);

/** CPU model, cores, RAM, OS, node and Chromium versions. */
export function machine(chromiumVersion?: string): string {
  const cpus = os.cpus();
  let distro = `${os.type()} ${os.release()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    if (pretty) distro = `${pretty} (${os.type()} ${os.release()} ${os.arch()})`;
  } catch {
    /* not Linux */
  }
  let chromium = chromiumVersion ?? '';
  if (!chromium) {
    try {
      chromium = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      chromium = 'unknown';
    }
  }
  const ram = `${round(os.totalmem() / 2 ** 30, 1)} GiB RAM`;
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${ram}, ${distro}, node ${process.version}, Chromium ${chromium}`;
}

/** The answer of the worker to one message: `{res: {ok, value}}` (webext-core envelope around a Result). */
export interface Answer {
  ok: boolean;
  value?: unknown;
  error?: unknown;
}

/**
 * Sends one protocol message from an extension page, as the pages do through
 * @webext-core/messaging: `chrome.runtime.sendMessage({id, type, data, timestamp})` → `{res}`.
 */
export async function ask(page: Page, type: string, data?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ type: t, data: d }) => {
      const reply = (await chrome.runtime.sendMessage({ id: Math.floor(Math.random() * 1e9), type: t, data: d, timestamp: Date.now() })) as
        { res?: { ok: boolean; value?: unknown; error?: unknown }; err?: unknown } | undefined;
      if (!reply) return { ok: false, error: 'no answer' };
      if (reply.err !== undefined) return { ok: false, error: reply.err };
      return { ok: !!reply.res?.ok, value: reply.res?.value, error: reply.res?.error };
    },
    { type, data },
  );
}

/** The sandbox's /api/ requests that arrived in [from, to] (epoch ms). */
export function apiRequests(log: readonly LoggedRequest[], from: number, to = Infinity): LoggedRequest[] {
  return log.filter((l) => l.path.startsWith('/api/') && l.at >= from && l.at <= to);
}

/** Waits until the sandbox has had no /api/ request for `quietMs` (or `maxMs` passed). */
export async function waitQuiet(log: readonly LoggedRequest[], quietMs: number, maxMs = 5000): Promise<void> {
  const end = Date.now() + maxMs;
  for (;;) {
    const last = [...log].reverse().find((l) => l.path.startsWith('/api/'));
    const since = last ? Date.now() - last.at : Infinity;
    if (since >= quietMs || Date.now() >= end) return;
    await sleep(Math.min(quietMs - since + 5, 100));
  }
}
