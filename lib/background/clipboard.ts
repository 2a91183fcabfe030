/**
 * Writing the clipboard from the worker. An MV3 service worker has no DOM and no clipboard:
 * on Chrome an offscreen document does it (reason CLIPBOARD); on Firefox the background is an
 * event page with a DOM, where navigator.clipboard works with the clipboardWrite permission.
 */
import { browser } from '@wxt-dev/browser';

export const OFFSCREEN_PATH = '/offscreen.html';

/** The message the worker sends the offscreen document. */
export interface OffscreenCopy {
  target: 'offscreen';
  type: 'copy';
  text: string;
}

let creating: Promise<void> | null = null;
// The chrome namespace itself: the offscreen API is Chrome's alone.
const chromeApi = (globalThis as unknown as { chrome?: typeof browser }).chrome;

async function ensureOffscreen(): Promise<void> {
  const url = browser.runtime.getURL(OFFSCREEN_PATH as '/offscreen.html');
  const api = chromeApi!;
  const existing = await api.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never], documentUrls: [url] });
  if (existing.length > 0) return;
  creating ??= api.offscreen
    .createDocument({ url, reasons: ['CLIPBOARD' as never], justification: 'Copy the new short link to the clipboard' })
    .finally(() => {
      creating = null;
    });
  await creating;
}

/** Copies text to the clipboard from the background; resolves false when the browser refused. */
export async function copyFromBackground(text: string): Promise<boolean> {
  try {
    if (chromeApi?.offscreen) {
      await ensureOffscreen();
      const message: OffscreenCopy = { target: 'offscreen', type: 'copy', text };
      const ok = await chromeApi.runtime.sendMessage(message);
      return ok === true;
    }
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
