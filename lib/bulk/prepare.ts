/**
 * Turns the addresses found in the pasted text into a batch: tracking parameters removed as the
 * preference says, the same address kept once, at most MAX_BATCH addresses, and the links already
 * in Recent links (same address, same domain) reused unless the user asks for new ones.
 */
import { cleanUrl } from '@/lib/links/cleanUrl';
import { addressKey, findDuplicate } from '@/lib/links/sameLink';
import { t } from '@/lib/i18n';
import type { HistoryEntry } from '@/lib/links/historyEntry';

/** Most addresses one batch may hold; more is refused before anything is sent. */
export const MAX_BATCH = 500;

/** One address of a batch, after cleaning. */
export interface BatchAddress {
  url: string;
  /** Tracking parameters removed from it (empty when none, or cleaning is off). */
  removed: string[];
}

/** The batch's addresses and how many repeats were dropped. */
export interface Prepared {
  addresses: BatchAddress[];
  repeats: number;
}

/** Cleans (when `clean`) and keeps each address once, in the order first pasted. */
export function prepareBatch(urls: readonly string[], clean: boolean): Prepared {
  const seen = new Set<string>();
  const addresses: BatchAddress[] = [];
  let repeats = 0;
  for (const url of urls) {
    const cleaned = clean ? cleanUrl(url) : { url, removed: [] };
    const key = addressKey(cleaned.url);
    if (seen.has(key)) {
      repeats++;
      continue;
    }
    seen.add(key);
    addresses.push(cleaned);
  }
  return { addresses, repeats };
}

/** The refusal of a batch over MAX_BATCH (or empty), in the user's language; null when it may go. */
export function batchSizeProblem(count: number): string | null {
  if (count === 0) return t('bulkNothingToShorten');
  if (count > MAX_BATCH) return t('bulkTooMany', count, MAX_BATCH);
  return null;
}

/** The Recent link to reuse for an address on a domain, unless new links are asked for. */
export function reusableLink(
  history: readonly HistoryEntry[],
  url: string,
  domainId: number | null,
  makeNew: boolean,
): HistoryEntry | undefined {
  return makeNew ? undefined : findDuplicate(history, url, domainId);
}
