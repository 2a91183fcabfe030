/**
 * The browser's surfaces that some browsers lack, typed as possibly absent: Firefox for Android
 * has no context menu (`contextMenus`/`menus`), no keyboard shortcuts (`commands`) and no
 * address-bar keyword (`omnibox`); a browser may lack notifications. The worker registers each
 * listener only where its API exists, so that it starts everywhere (README, "Firefox for Android").
 */
import { browser, type Browser } from '@wxt-dev/browser';

/** The optional APIs of this browser, each undefined where the browser lacks it. */
export interface OptionalApis {
  contextMenus?: typeof Browser.contextMenus;
  commands?: typeof Browser.commands;
  omnibox?: typeof Browser.omnibox;
  notifications?: typeof Browser.notifications;
}

/** The context menu, shortcut, address-bar and notification APIs, where this browser has them. */
export function optionalApis(): OptionalApis {
  const api = browser as unknown as Partial<Record<keyof OptionalApis, unknown>>;
  const { contextMenus, commands, omnibox, notifications } = api;
  return { contextMenus, commands, omnibox, notifications } as OptionalApis;
}
