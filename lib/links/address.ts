/**
 * Which addresses the popup can shorten: pure functions, no browser APIs.
 * Only web addresses (http, https) can be shortened; browser, extension, file and store
 * pages cannot, and the popup says why.
 */
import { MAX_URL_LENGTH } from '../api/constants';
import type { HistoryEntry } from '../storage';
import { t, type MessageKey } from '../i18n';

/** The verdict on an address: shortenable, empty, a page that cannot be shortened, or not an address. */
export type UrlVerdict =
  | { kind: 'ok'; url: string }
  | { kind: 'empty' }
  | { kind: 'blocked'; reason: string; store: boolean }
  | { kind: 'invalid'; message: string };

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

/** The add-on stores: the browser protects them from extensions. */
function isStorePage(u: URL): boolean {
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  const host = u.hostname.toLowerCase();
  const path = u.pathname.toLowerCase();
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return (
    host === 'chromewebstore.google.com' ||
    (host === 'chrome.google.com' && under('/webstore')) ||
    host === 'addons.mozilla.org' ||
    (host === 'microsoftedge.microsoft.com' && under('/addons'))
  );
}

/** Judges an address (a tab's URL or what the user typed): can it be shortened, and if not, why. */
export function checkUrl(raw: string | null | undefined): UrlVerdict {
  const text = (raw ?? '').trim();
  if (!text) return { kind: 'empty' };
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(text)?.[1]?.toLowerCase();
  if (scheme && Object.hasOwn(BLOCKED_SCHEMES, scheme)) return { kind: 'blocked', reason: t(BLOCKED_SCHEMES[scheme]!), store: false };
  if (text.length > MAX_URL_LENGTH) return { kind: 'invalid', message: t('popupUrlTooLong', MAX_URL_LENGTH) };
  if (/\s/.test(text)) return { kind: 'invalid', message: t('popupUrlSpaces') };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { kind: 'invalid', message: t('popupUrlNotFull') };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { kind: 'blocked', reason: t('popupBlockedScheme', u.protocol), store: false };
  }
  if (!u.hostname) return { kind: 'invalid', message: t('popupUrlNotFull') };
  if (isStorePage(u)) return { kind: 'blocked', reason: t('popupBlockedStore'), store: true };
  return { kind: 'ok', url: text };
}

/**
 * Judges the Long URL field. A store page is refused while the field still holds the tab's own
 * address (the page cannot be shortened); a store address the user typed or pasted is accepted.
 */
export function checkField(value: string, tabUrl: string | null): UrlVerdict {
  const verdict = checkUrl(value);
  if (verdict.kind === 'blocked' && verdict.store && value.trim() !== (tabUrl ?? '').trim()) {
    return { kind: 'ok', url: value.trim() };
  }
  return verdict;
}

/** The sentence of the alert for a page that cannot be shortened. */
export function blockedMessage(reason: string): string {
  return t('popupBlockedMessage', reason);
}

/** A comparison key: two spellings of one URL (case of host, default port…) give the same key. */
export function addressKey(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}

/** Two addresses are the same link when they parse to the same URL. */
export function sameUrl(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b);
}

/** The newest history entry with the same long URL and the same domain, if any. */
export function findDuplicate(history: readonly HistoryEntry[], url: string, domainId: number | null): HistoryEntry | undefined {
  return history.find((e) => e.domainId === domainId && sameUrl(e.longUrl, url));
}

/** Whether a history entry matches a search (long or short URL, case-insensitive). */
export function matchesSearch(entry: HistoryEntry, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [entry.longUrl, entry.shortUrl, entry.title ?? ''].some((text) => text.toLowerCase().includes(q));
}

/** A long text cut to `max` characters with an ellipsis. */
export function truncate(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
