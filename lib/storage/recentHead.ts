/**
 * The newest Recent links of every account, written by the worker beside `history` after each
 * change of it: the popup reads them in its first storage read (a few kilobytes, never the whole
 * list) and draws them before the worker has read and answered the whole history.
 */
import type { HistoryEntry } from '@/lib/links/historyEntry';
import { storedItem } from './storedItem';
import { KEYS } from './keys';

/** How many of the newest links the head holds (the popup draws its first six, then batches of thirty). */
export const RECENT_HEAD = 30;

/** The head: the newest entries of the stored list and how long that list is. */
export interface RecentHead {
  entries: HistoryEntry[];
  total: number;
}
// Not read through a repair: only the popup reads it, and it checks each entry (lib/ui/popup/recentHead.ts).
export const recentHeadItem = storedItem<RecentHead | null>(`local:${KEYS.recentHead}`, null);

/** The head of a stored list. */
export const headOf = (list: readonly HistoryEntry[]): RecentHead => ({ entries: list.slice(0, RECENT_HEAD), total: list.length });
