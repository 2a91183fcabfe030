/**
 * Recent links' search and shortened texts (the popup's list, the address bar's suggestions):
 * pure functions, kept out of address.ts, which the popup's first screen imports.
 */
import type { HistoryEntry } from '@/lib/links/historyEntry';

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
