/**
 * Writing the clipboard from the worker. An MV3 service worker has no DOM and no clipboard:
 * on Chrome an offscreen document does it (reason CLIPBOARD); on Firefox the background is an
 * event page with a DOM, where navigator.clipboard works with the clipboardWrite permission.
 */
import { browser } from 'wxt/browser';

export const OFFSCREEN_PATH = '/offscreen.html';

/** The message the worker sends the offscreen document. */
export interface OffscreenCopy {
  target: 'offscreen';
  type: 'copy';
  text: string;
}

let creating: Promise<void> | null = null;
// Whether this worker made or found the offscreen document: a copy then goes to it at once, and asks
// the browser again (getContexts) only when the document did not answer (the browser closed it).
let known = false;
// The chrome namespace itself: the offscreen API is Chrome's alone.
const chromeApi = (globalThis as unknown as { chrome?: typeof browser }).chrome;

async function ensureOffscreen(): Promise<void> {
  const url = browser.runtime.getURL(OFFSCREEN_PATH as '/offscreen.html');
  const api = chromeApi!;
  const existing = await api.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never], documentUrls: [url] });
  if (existing.length === 0) {
    creating ??= api.offscreen
      .createDocument({ url, reasons: ['CLIPBOARD' as never], justification: 'Copy the new short link to the clipboard' })
      .finally(() => {
        creating = null;
      });
    await creating;
  }
  known = true;
}

/** Readies the clipboard before a link is asked for (menu, shortcut, address bar), so the copy after the answer does not wait for it. */
export function prepareClipboard(): void {
  if (chromeApi?.offscreen && !known) void ensureOffscreen().catch(() => undefined);
}

async function copyOffscreen(text: string): Promise<boolean> {
  const message: OffscreenCopy = { target: 'offscreen', type: 'copy', text };
  const send = async () => (await chromeApi!.runtime.sendMessage(message).catch(() => false)) === true;
  if (known && (await send())) return true;
  known = false;
  await ensureOffscreen();
  return send();
}

/** Copies text to the clipboard from the background; resolves false when the browser refused. */
export async function copyFromBackground(text: string): Promise<boolean> {
  try {
    if (chromeApi?.offscreen) return await copyOffscreen(text);
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
