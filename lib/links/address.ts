/**
 * Which addresses the popup can shorten: pure functions, no browser APIs.
 * Only web addresses (http, https) can be shortened; browser, extension, file and store
 * pages cannot, and the popup says why (blockedReason.ts words it). The popup's first screen
 * imports this module: what only later parts need is in blockedReason.ts, sameLink.ts and
 * historyText.ts.
 */
import { MAX_URL_LENGTH } from '@/lib/api/constants';
import { t } from '@/lib/i18n';

/** The verdict on an address: shortenable, empty, a page that cannot be shortened (its scheme, or a store's page), or not an address. */
export type UrlVerdict =
  | { kind: 'ok'; url: string }
  | { kind: 'empty' }
  | { kind: 'blocked'; scheme: string; store: boolean }
  | { kind: 'invalid'; message: string };

/** The add-on stores: the browser protects them from extensions. */
function isStorePage(u: URL): boolean {
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
  // Any scheme but the web's (chrome:, about:, data:, mailto:, …) is refused before the text is
  // looked at further; a word and a colon before a space ("Link: https://…") is a label, not a scheme.
  const scheme = /^([a-z][a-z0-9+.-]*:)(?!\s)/i.exec(text)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http:' && scheme !== 'https:') return { kind: 'blocked', scheme, store: false };
  if (text.length > MAX_URL_LENGTH) return { kind: 'invalid', message: t('popupUrlTooLong', MAX_URL_LENGTH) };
  if (/\s/.test(text)) return { kind: 'invalid', message: t('popupUrlSpaces') };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { kind: 'invalid', message: t('popupUrlNotFull') };
  }
  // What the parser reads past the scheme test (a control character before the scheme).
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { kind: 'blocked', scheme: u.protocol, store: false };
  if (!u.hostname) return { kind: 'invalid', message: t('popupUrlNotFull') };
  if (isStorePage(u)) return { kind: 'blocked', scheme: u.protocol, store: true };
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
