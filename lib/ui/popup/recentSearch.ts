/**
 * "Search recent links" over thousands of links within a frame: each link's searchable text
 * (long URL, short link, title) is lower-cased once per list, not once per keystroke.
 */
import type { HistoryEntry } from '@/lib/storage';

/** The links with their searchable text, made once per list. */
export interface RecentIndex {
  entries: readonly HistoryEntry[];
  texts: readonly string[];
}

/** Indexes a list of Recent links for searching. */
export function indexRecent(entries: readonly HistoryEntry[]): RecentIndex {
  return { entries, texts: entries.map((e) => `${e.longUrl}\n${e.shortUrl}\n${e.title ?? ''}`.toLowerCase()) };
}

/** The links whose long URL, short link or title holds `query` (any case), in their order; every link for an empty query. */
export function searchRecent(index: RecentIndex, query: string): HistoryEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return index.entries as HistoryEntry[];
  const out: HistoryEntry[] = [];
  for (let i = 0; i < index.texts.length; i++) if (index.texts[i]!.includes(q)) out.push(index.entries[i]!);
  return out;
}
