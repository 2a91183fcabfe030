/**
 * Takes the addresses out of pasted text for the bulk page: one address a line, or every
 * http(s) address inside any text (an email, a Markdown document). Lines that hold nothing to
 * shorten are kept as skipped, each with its reason, so that nothing pasted disappears unsaid.
 */
import { t } from '../i18n';
import { checkUrl, truncate } from '../links/address';

/** A pasted line that gave no address, with the reason in the user's language. */
export interface Skipped {
  text: string;
  reason: string;
}

/** The addresses found, in the order pasted (repeats kept: see prepareBatch), and the skipped lines. */
export interface Extracted {
  urls: string[];
  skipped: Skipped[];
}

/** An http(s) address inside text; its end is trimmed by trimEnd below. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"'`\u00a0]+/gi;
/** A word that looks like an address of another scheme (ftp:, mailto:, chrome://…). */
const OTHER_SCHEME = /(?:^|\s)([a-z][a-z0-9+.-]*:[^\s<>"']+)/i;

/** Cuts sentence punctuation and unbalanced closing brackets off the end of an address found in text. */
function trimEnd(found: string): string {
  let url = found;
  for (;;) {
    const last = url.at(-1) ?? '';
    if ('.,;:!?*_~'.includes(last)) url = url.slice(0, -1);
    else if (last === ')' && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
    else if (last === ']' && count(url, '[') < count(url, ']')) url = url.slice(0, -1);
    else if (last === '}' && count(url, '{') < count(url, '}')) url = url.slice(0, -1);
    else return url;
  }
}

function count(s: string, c: string): number {
  return s.split(c).length - 1;
}

/** Judges an address found in the text; the add-on stores' pages are fine as links. */
function judge(candidate: string): { ok: true; url: string } | { ok: false; reason: string } {
  const v = checkUrl(candidate);
  if (v.kind === 'ok') return { ok: true, url: v.url };
  if (v.kind === 'blocked') return v.store ? { ok: true, url: candidate } : { ok: false, reason: v.reason };
  if (v.kind === 'invalid') return { ok: false, reason: v.message };
  return { ok: false, reason: t('bulkSkipNoAddress') };
}

/** Every address of the pasted text and every line that gave none, with why. */
export function extractAddresses(text: string): Extracted {
  const urls: string[] = [];
  const skipped: Skipped[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const found = [...line.matchAll(WEB_ADDRESS)].map((m) => trimEnd(m[0]));
    if (found.length > 0) {
      for (const candidate of found) {
        const verdict = judge(candidate);
        if (verdict.ok) urls.push(verdict.url);
        else skipped.push({ text: truncate(candidate, 120), reason: verdict.reason });
      }
      continue;
    }
    // No web address: a lone word is judged as an address (ftp:, about:, example.com…), and
    // an address of another scheme inside text says why it cannot be shortened.
    const word = /\s/.test(line) ? OTHER_SCHEME.exec(line)?.[1] : line;
    const verdict = word ? judge(word) : null;
    skipped.push({ text: truncate(line, 120), reason: verdict && !verdict.ok ? verdict.reason : t('bulkSkipNoAddress') });
  }
  return { urls, skipped };
}
