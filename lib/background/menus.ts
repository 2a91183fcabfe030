/** Context menu items and the keyboard command: ids that say what they do. */
import { browser, type Browser } from '@wxt-dev/browser';
import { t, type MessageKey } from '@/lib/i18n';
import { settingsItem, type Settings } from '@/lib/storage';
import { keepPageAddress } from '@/lib/storage/pageAddresses';
import { optionalApis } from './optionalApis';

/** What the menu and the shortcut need of the worker (its own type: the service imports this module through settings). */
export interface MenuDeps {
  shortenInBackground: (
    url: string | undefined,
    source: 'context-link' | 'context-page' | 'command',
    title?: string,
    fromPrivate?: boolean,
  ) => Promise<void>;
}

export const MENU_SHORTEN_LINK = 'shorten-link';
export const MENU_SHORTEN_PAGE = 'shorten-page';
export const MENU_QR_PAGE = 'qr-for-page';
export const COMMAND_SHORTEN_TAB = 'shorten-current-tab';

/** Each menu item with the preference that shows or hides it. */
const ITEMS: { id: string; title: MessageKey; contexts: ['link'] | ['page']; setting: keyof Settings }[] = [
  { id: MENU_SHORTEN_LINK, title: 'menuShortenLink', contexts: ['link'], setting: 'menuShortenLink' },
  { id: MENU_SHORTEN_PAGE, title: 'menuShortenPage', contexts: ['page'], setting: 'menuShortenPage' },
  { id: MENU_QR_PAGE, title: 'menuQrPage', contexts: ['page'], setting: 'menuQrPage' },
];

/** The preferences that decide which menu items exist. */
export const MENU_SETTINGS: (keyof Settings)[] = ITEMS.map((i) => i.setting);

let rebuilding: Promise<void> = Promise.resolve();

/** Creates the menu items the user keeps (on install, and at once when a switch changes). */
export function createMenus(settings?: Settings): Promise<void> {
  // One rebuild at a time: two quick switches must not interleave removeAll and create.
  rebuilding = rebuilding
    .then(async () => {
      // No context menu in this browser (Firefox for Android): nothing to build.
      const menus = optionalApis().contextMenus;
      if (!menus) return;
      const s = settings ?? (await settingsItem.getValue());
      await menus.removeAll();
      for (const item of ITEMS) {
        if (s[item.setting] === false) continue;
        menus.create({ id: item.id, title: t(item.title), contexts: item.contexts });
      }
    })
    .catch(() => undefined);
  return rebuilding;
}

/** Handles a click on one of our menu items. */
export async function onMenuClick(
  service: MenuDeps,
  info: { menuItemId: string | number; linkUrl?: string; pageUrl?: string; linkText?: string },
  tab?: { url?: string; title?: string; incognito?: boolean },
): Promise<void> {
  // Chrome and Firefox both pass the clicked tab, and say whether it is in a private window.
  const fromPrivate = tab?.incognito === true;
  switch (info.menuItemId) {
    case MENU_SHORTEN_LINK:
      // Firefox passes the link's text; Chrome does not (the long URL stands in for it).
      return service.shortenInBackground(info.linkUrl, 'context-link', info.linkText, fromPrivate);
    case MENU_SHORTEN_PAGE:
      return service.shortenInBackground(info.pageUrl ?? tab?.url, 'context-page', tab?.title, fromPrivate);
    case MENU_QR_PAGE: {
      const url = info.pageUrl ?? tab?.url ?? '';
      // A private tab's address stays out of the QR page's address and title: Chrome opens the
      // page in a normal window (its history, session restore), so the page gets an opaque id.
      const query = fromPrivate ? `id=${await keepPageAddress(url)}` : `url=${encodeURIComponent(url)}`;
      await browser.tabs.create({ url: browser.runtime.getURL(`/qr.html?${query}` as never) });
      return;
    }
  }
}

/** The tab the user acts on and whether it is in a private window. */
export interface ActedOnTab {
  url?: string;
  title?: string;
  incognito: boolean;
}

/** The tab the user acts on: the one passed, else the active tab (activeTab is granted by the gesture). */
export async function actedOnTab(tab?: { url?: string; title?: string; incognito?: boolean }): Promise<ActedOnTab> {
  if (tab?.url) return { url: tab.url, title: tab.title, incognito: tab.incognito === true };
  // Older browsers do not pass the tab; the address bar never does (its window is the focused one).
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return { url: active?.url, title: active?.title, incognito: active?.incognito === true };
}

/** Handles the keyboard command: shorten the current tab and copy, without opening anything. */
export async function onCommand(service: MenuDeps, command: string, tab?: Browser.tabs.Tab): Promise<void> {
  if (command !== COMMAND_SHORTEN_TAB) return;
  const acted = await actedOnTab(tab);
  return service.shortenInBackground(acted.url, 'command', acted.title, acted.incognito);
}
