/** Context menu items and the keyboard command: ids that say what they do. */
import { browser, type Browser } from 'wxt/browser';
import type { Service } from './service';
import { t } from '../i18n';

export const MENU_SHORTEN_LINK = 'shorten-link';
export const MENU_SHORTEN_PAGE = 'shorten-page';
export const MENU_QR_PAGE = 'qr-for-page';
export const COMMAND_SHORTEN_TAB = 'shorten-current-tab';

/** Creates the menu items (on install and update; they persist across worker restarts). */
export async function createMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_SHORTEN_LINK, title: t('menuShortenLink'), contexts: ['link'] });
  browser.contextMenus.create({ id: MENU_SHORTEN_PAGE, title: t('menuShortenPage'), contexts: ['page'] });
  browser.contextMenus.create({ id: MENU_QR_PAGE, title: t('menuQrPage'), contexts: ['page'] });
}

/** Handles a click on one of our menu items. */
export async function onMenuClick(
  service: Service,
  info: { menuItemId: string | number; linkUrl?: string; pageUrl?: string },
  tab?: { url?: string },
): Promise<void> {
  switch (info.menuItemId) {
    case MENU_SHORTEN_LINK:
      return service.shortenInBackground(info.linkUrl, 'context-link');
    case MENU_SHORTEN_PAGE:
      return service.shortenInBackground(info.pageUrl ?? tab?.url, 'context-page');
    case MENU_QR_PAGE: {
      const url = info.pageUrl ?? tab?.url ?? '';
      await browser.tabs.create({ url: browser.runtime.getURL(`/qr.html?url=${encodeURIComponent(url)}` as never) });
      return;
    }
  }
}

/** Handles the keyboard command: shorten the current tab and copy, without opening anything. */
export async function onCommand(service: Service, command: string, tab?: Browser.tabs.Tab): Promise<void> {
  if (command !== COMMAND_SHORTEN_TAB) return;
  let url = tab?.url;
  if (!url) {
    // activeTab is granted by the shortcut; older browsers do not pass the tab.
    const [active] = await browser.tabs.query({ active: true, currentWindow: true });
    url = active?.url;
  }
  return service.shortenInBackground(url, 'command');
}
