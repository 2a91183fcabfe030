/**
 * The worker figure: after the worker was stopped (as Chromium stops an idle one), the time
 * from an extension page sending a message (which wakes the worker) to the answer arriving,
 * split at the worker's own time origin (when its global scope was created).
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import { evalInWorker, stopWorker, waitForWorker, type ExtensionHarness } from '../e2e/harness';

declare const chrome: typeof Browser;

export interface WorkerSample {
  /** Message sent → answer received, in the page (ms). */
  firstAnswerMs: number;
  /** Message sent → the new worker's performance.timeOrigin (the browser starting the worker). */
  startMs: number;
  /** The worker's time origin → answer received (script evaluation, storage reads, the handler). */
  scriptToAnswerMs: number;
  ok: boolean;
}

/** Sends `getConnection` from `page` and times the answer (epoch ms from the page's clock). */
async function timedMessage(page: Page, type: string): Promise<{ sentAt: number; answeredAt: number; ok: boolean }> {
  return page.evaluate(async (t) => {
    const t0 = performance.now();
    const reply = (await chrome.runtime.sendMessage({
      id: Math.floor(Math.random() * 1e9),
      type: t,
      data: undefined,
      timestamp: Date.now(),
    })) as { res?: { ok?: boolean } } | undefined;
    const t1 = performance.now();
    return { sentAt: performance.timeOrigin + t0, answeredAt: performance.timeOrigin + t1, ok: !!reply?.res?.ok };
  }, type);
}

/** One cold start: stop the worker, then time the first message. */
export async function coldStart(h: ExtensionHarness, driver: Page, message = 'getConnection'): Promise<WorkerSample> {
  await stopWorker(h);
  const m = await timedMessage(driver, message);
  await waitForWorker(h);
  const origin = await evalInWorker(h, () => performance.timeOrigin, undefined);
  return {
    firstAnswerMs: m.answeredAt - m.sentAt,
    startMs: origin - m.sentAt,
    scriptToAnswerMs: m.answeredAt - origin,
    ok: m.ok,
  };
}

/** The same message to a running worker (the reference). */
export async function warmAnswerMs(driver: Page, message = 'getConnection'): Promise<number> {
  const m = await timedMessage(driver, message);
  return m.answeredAt - m.sentAt;
}
