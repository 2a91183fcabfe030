/**
 * Why a page cannot be shortened, in the user's language (address.ts judges; this words it). Not
 * in the popup's first script: only the notice drawn after its first paint and the bulk page say it.
 */
import { t, type MessageKey } from '@/lib/i18n';
import type { UrlVerdict } from './address';

const BROWSER_PAGE: MessageKey = 'popupBlockedBrowser';
const EXTENSION_PAGE: MessageKey = 'popupBlockedExtension';
const NOT_AN_ADDRESS: MessageKey = 'popupBlockedNotAddress';

/** Schemes that are never web pages, with the reason shown to the user (a message key). */
const BLOCKED_SCHEMES: Record<string, MessageKey> = {
  'chrome:': BROWSER_PAGE,
  'edge:': BROWSER_PAGE,
  'about:': BROWSER_PAGE,
  'devtools:': 'popupBlockedDevtools',
  'chrome-search:': BROWSER_PAGE,
  'chrome-untrusted:': BROWSER_PAGE,
  'opera:': BROWSER_PAGE,
  'brave:': BROWSER_PAGE,
  'vivaldi:': BROWSER_PAGE,
  'resource:': BROWSER_PAGE,
  'view-source:': 'popupBlockedSource',
  'chrome-extension:': EXTENSION_PAGE,
  'moz-extension:': EXTENSION_PAGE,
  'extension:': EXTENSION_PAGE,
  'file:': 'popupBlockedFile',
  'data:': NOT_AN_ADDRESS,
  'javascript:': NOT_AN_ADDRESS,
  'blob:': NOT_AN_ADDRESS,
};

/** The sentence saying why a blocked page cannot be shortened: a store's page, a known kind of page, or its scheme. */
export function blockedReason({ scheme, store }: Extract<UrlVerdict, { kind: 'blocked' }>): string {
  if (store) return t('popupBlockedStore');
  return Object.hasOwn(BLOCKED_SCHEMES, scheme) ? t(BLOCKED_SCHEMES[scheme]!) : t('popupBlockedScheme', scheme);
}
