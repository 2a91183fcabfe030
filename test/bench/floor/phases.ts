/**
 * Runs in the floor extension's pages: asks the worker (or, for the direct variant, the
 * service) and records when each step happened, in ms since the page's navigation started,
 * as `window.__floorPhases` for the bench to read.
 */
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

export interface FloorPhases {
  /** The page's script started. */
  scriptMs: number;
  /** The worker's script started (absent when it was running already or the page asked the service itself). */
  workerScriptMs?: number;
  /** The worker received the message. */
  receivedMs?: number;
  /** The worker had its answer (its fetches done). */
  workerAnsweredMs?: number;
  /** The page had the answer. */
  gotMs?: number;
  /** The page had drawn it. */
  drawnMs?: number;
}

const since = (epoch: number) => epoch - performance.timeOrigin;
export const phases: FloorPhases = { scriptMs: performance.now() };
(window as unknown as { __floorPhases: FloorPhases }).__floorPhases = phases;

interface Answer<T> {
  value?: T;
  error?: string;
  scriptAt: number;
  receivedAt: number;
  answeredAt: number;
}

/** One runtime message to the worker; records the worker's side of it. */
export async function askWorker<T>(message: string): Promise<T> {
  const a = (await chrome.runtime.sendMessage(message)) as Answer<T>;
  phases.gotMs = performance.now();
  if (a.error !== undefined || a.value === undefined) throw new Error(a.error ?? 'no answer');
  // A worker that was running before this page opened started long ago: not part of this open.
  if (since(a.scriptAt) > 0) phases.workerScriptMs = since(a.scriptAt);
  phases.receivedMs = since(a.receivedAt);
  phases.workerAnsweredMs = since(a.answeredAt);
  return a.value;
}

/** The moment the page's last change was drawn into the DOM. */
export const drawn = () => (phases.drawnMs = performance.now());
