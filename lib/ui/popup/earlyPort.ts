/**
 * The popup's port to the worker, opened before the first render when the cache lacks what the
 * form shows (loaders.ts; part of the first script): it wakes a stopped worker while the popup
 * draws itself, and the worker, told a popup opened, starts loading at once what the form needs;
 * the messages asked after the first paint then share those loads. With a warm cache it is not
 * opened early (a worker starting beside the popup slows its open). waitingActions.ts takes the port over to follow
 * jobs on it (docs/ARCHITECTURE.md, "The popup's first script").
 */
import { browser } from '@wxt-dev/browser';
import type { POPUP_PORT } from '@/lib/messaging/popupPort';

type Port = ReturnType<typeof browser.runtime.connect>;
let early: Port | null = null;

/** Opens the port now (when the browser refuses, waitingActions.ts opens one later). */
export function openEarlyPort(): void {
  try {
    // The port's name as lib/messaging names it (checked when typechecked; that module stays out of the first script).
    early = browser.runtime.connect({ name: 'popup' satisfies typeof POPUP_PORT });
  } catch {
    // no worker to wake
  }
}

/** The port opened early, handed once to whoever follows jobs over it (null: open another). */
export function takeEarlyPort(): Port | null {
  const port = early;
  early = null;
  return port;
}
