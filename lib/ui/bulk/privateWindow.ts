/** Whether the bulk page works for a private window (its batch then stays out of Recent links and storage). */
import { browser } from 'wxt/browser';

/**
 * True when the page's own tab is private (Firefox opens it in the private window), or when the
 * window it was opened for (bulk.html?window=<id>) is: Chrome, with `incognito: spanning`, opens an
 * extension page asked for from a private window in a normal one.
 */
export async function forPrivateWindow(windowId: number | null): Promise<boolean> {
  const own = await browser.tabs.getCurrent().catch(() => undefined);
  if (own?.incognito) return true;
  if (windowId === null) return false;
  const win = await browser.windows.get(windowId).catch(() => null);
  return win?.incognito === true;
}
