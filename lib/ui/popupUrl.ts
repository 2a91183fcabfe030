/**
 * Which addresses the popup can shorten: pure functions, no browser APIs.
 * Only web addresses (http, https) can be shortened; browser, extension, file and store
 * pages cannot, and the popup says why.
 */
import { MAX_URL_LENGTH } from '../api/constants';
import type { HistoryEntry } from '../storage';

/** The verdict on an address: shortenable, empty, a page that cannot be shortened, or not an address. */
export type UrlVerdict =
  | { kind: 'ok'; url: string }
  | { kind: 'empty' }
  | { kind: 'blocked'; reason: string; store: boolean }
  | { kind: 'invalid'; message: string };

const BROWSER_PAGE = 'it is a page of the browser itself';
const EXTENSION_PAGE = 'it is a page of an extension';
const NOT_AN_ADDRESS = 'its address holds content or code, not a web address';
const STORE_PAGE = 'it is a page of the browser’s add-on store, where extensions may not act';

/** Schemes that are never web pages, with the reason shown to the user. */
const BLOCKED_SCHEMES: Record<string, string> = {
  'chrome:': BROWSER_PAGE,
  'edge:': BROWSER_PAGE,
  'about:': BROWSER_PAGE,
  'devtools:': 'it is a page of the developer tools',
  'chrome-search:': BROWSER_PAGE,
  'chrome-untrusted:': BROWSER_PAGE,
  'opera:': BROWSER_PAGE,
  'brave:': BROWSER_PAGE,
  'vivaldi:': BROWSER_PAGE,
  'resource:': BROWSER_PAGE,
  'view-source:': 'it shows the source of a page',
  'chrome-extension:': EXTENSION_PAGE,
  'moz-extension:': EXTENSION_PAGE,
  'extension:': EXTENSION_PAGE,
  'file:': 'it is a file on this computer',
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
  if (scheme && scheme in BLOCKED_SCHEMES) return { kind: 'blocked', reason: BLOCKED_SCHEMES[scheme]!, store: false };
  if (text.length > MAX_URL_LENGTH)
    return { kind: 'invalid', message: `The address is too long (at most ${MAX_URL_LENGTH} characters).` };
  if (/\s/.test(text)) return { kind: 'invalid', message: 'The address must not contain spaces.' };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { kind: 'invalid', message: 'Enter a full web address starting with http:// or https://.' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { kind: 'blocked', reason: `only web addresses starting with http or https can be shortened, not ${u.protocol}`, store: false };
  }
  if (!u.hostname) return { kind: 'invalid', message: 'Enter a full web address starting with http:// or https://.' };
  if (isStorePage(u)) return { kind: 'blocked', reason: STORE_PAGE, store: true };
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
  return `This page cannot be shortened (${reason}). Paste a web address instead.`;
}

/** Two addresses are the same link when they parse to the same URL (case of host, default port…). */
export function sameUrl(a: string, b: string): boolean {
  const norm = (s: string) => {
    try {
      return new URL(s.trim()).href;
    } catch {
      return s.trim();
    }
  };
  return norm(a) === norm(b);
}

/** The newest history entry with the same long URL and the same domain, if any. */
export function findDuplicate(history: readonly HistoryEntry[], url: string, domainId: number | null): HistoryEntry | undefined {
  return history.find((e) => e.domainId === domainId && sameUrl(e.longUrl, url));
}

/** Whether a history entry matches a search (long or short URL, case-insensitive). */
export function matchesSearch(entry: HistoryEntry, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return entry.longUrl.toLowerCase().includes(q) || entry.shortUrl.toLowerCase().includes(q);
}

/** A long text cut to `max` characters with an ellipsis. */
export function truncate(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
