/** Opening the bulk page from the popup: loaded on the press, so it costs the popup's first screen nothing. */
import { browser } from 'wxt/browser';

/** Opens bulk.html in a tab for the window the popup was opened from (its tabs are the ones offered). */
export async function openBulkPage(): Promise<void> {
  const win = await browser.windows.getCurrent().catch(() => null);
  const query = typeof win?.id === 'number' ? `?window=${win.id}` : '';
  await browser.tabs.create({ url: browser.runtime.getURL(`/bulk.html${query}` as '/bulk.html') });
}
