/**
 * The browser's own extension API, for the code of the popup's first screen (and the i18n
 * helper it uses): it keeps webextension-polyfill (about 2.7 kB gzip) out of the popup's first
 * script. Everything else goes through `wxt/browser` (the polyfill, loaded after the first
 * paint with messaging). Only calls that are synchronous or return a promise natively in both
 * Chrome MV3 and Firefox are made through it: storage.local.get, tabs.query,
 * runtime.openOptionsPage, runtime.connect, i18n.getMessage and i18n.getUILanguage.
 */
export { browser } from '@wxt-dev/browser';
