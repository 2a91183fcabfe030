/**
 * The popup's port to the worker, opened as the popup's script starts (part of its first
 * script): it wakes a stopped worker while the popup draws itself, and carries, with the first
 * render, the names of the values storage did not answer, which the worker starts loading at
 * once; the messages asked after the first paint then share those loads. waiting.ts takes
 * the port over to follow jobs on it (docs/ARCHITECTURE.md, "The popup's first script").
 */
import { browser } from '@wxt-dev/browser';
import { POPUP_PORT, type PopupPortMessage } from '../../messaging/popupPort';

type Port = ReturnType<typeof browser.runtime.connect>;
let early: Port | null = null;

/** Opens the port now (nothing to do when the browser refuses: the messages ask later). */
export function openEarlyPort(): void {
  try {
    const port = browser.runtime.connect({ name: POPUP_PORT });
    port.onDisconnect.addListener(() => {
      if (early === port) early = null;
    });
    early = port;
  } catch {
    early = null;
  }
}

/** Asks the worker to start loading these cached values (account, lists) now. */
export function askEarly(load: string[]): void {
  if (load.length === 0) return;
  try {
    early?.postMessage({ load } satisfies PopupPortMessage);
  } catch {
    early = null; // closed meanwhile: the messages ask
  }
}

/** The port opened early, handed once to whoever follows jobs over it (null: open another). */
export function takeEarlyPort(): Port | null {
  const port = early;
  early = null;
  return port;
}
