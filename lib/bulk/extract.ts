/**
 * Takes the addresses out of pasted text for the bulk page: one address a line, or every
 * http(s) address inside any text (an email, a Markdown document). Lines that hold nothing to
 * shorten are kept as skipped, each with its reason, so that nothing pasted disappears unsaid.
 */
import { t } from '@/lib/i18n';
import { checkUrl } from '@/lib/links/address';
import { blockedReason } from '@/lib/links/blockedReason';
import { truncate } from '@/lib/links/historyText';
import { addressesInProse, brokenAddress, loneAddress, type FoundAddress } from './addressEnd';

/** A pasted line that gave no address, with the reason in the user's language. */
export interface Skipped {
  text: string;
  reason: string;
}

/** An address taken from prose with characters left off its end, and why. */
export interface Trimmed {
  url: string;
  cut: string;
  reason: string;
}

/** The addresses found, in the order pasted (repeats kept: see prepareBatch), the skipped lines, the trimmed addresses. */
export interface Extracted {
  urls: string[];
  skipped: Skipped[];
  trimmed: Trimmed[];
}

/** A word that looks like an address of another scheme (ftp:, mailto:, chrome://…). */
const OTHER_SCHEME = /(?:^|\s)([a-z][a-z0-9+.-]*:[^\s<>"']+)/i;

/** Judges an address found in the text; the add-on stores' pages are fine as links. */
function judge(candidate: string): { ok: true; url: string } | { ok: false; reason: string } {
  const v = checkUrl(candidate);
  if (v.kind === 'ok') return { ok: true, url: v.url };
  if (v.kind === 'blocked') return v.store ? { ok: true, url: candidate } : { ok: false, reason: blockedReason(v) };
  if (v.kind === 'invalid') return { ok: false, reason: v.message };
  return { ok: false, reason: t('bulkSkipNoAddress') };
}

/** Every address of the pasted text, every line that gave none (with why), and what was left off an address's end. */
export function extractAddresses(text: string): Extracted {
  const out: Extracted = { urls: [], skipped: [], trimmed: [] };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    // A line that is one address is taken whole; else every address inside the prose.
    const lone = loneAddress(line);
    // A line that starts as an address and goes on after a space is a typo, not prose: refused.
    const rest = lone === null ? brokenAddress(line) : null;
    if (rest !== null) {
      out.skipped.push({ text: truncate(line, 120), reason: t('bulkSkipSpaceInAddress', truncate(rest, 40)) });
      continue;
    }
    const found: FoundAddress[] = lone !== null ? [{ url: lone, cut: '' }] : addressesInProse(line);
    if (found.length > 0) {
      for (const { url, cut } of found) take(out, url, cut);
      continue;
    }
    // No web address: a lone word is judged as an address (ftp:, about:, example.com…), and
    // an address of another scheme inside text says why it cannot be shortened.
    const word = /\s/.test(line) ? OTHER_SCHEME.exec(line)?.[1] : line;
    const verdict = word ? judge(word) : null;
    out.skipped.push({ text: truncate(line, 120), reason: verdict && !verdict.ok ? verdict.reason : t('bulkSkipNoAddress') });
  }
  return out;
}

/** Adds one address found: to shorten, or skipped with its reason; what was left off its end is said. */
function take(out: Extracted, candidate: string, cut: string): void {
  const verdict = judge(candidate);
  if (!verdict.ok) {
    out.skipped.push({ text: truncate(candidate + cut, 120), reason: verdict.reason });
    return;
  }
  out.urls.push(verdict.url);
  if (cut) out.trimmed.push({ url: truncate(candidate, 120), cut, reason: t('bulkTrimmedReason', cut) });
}
