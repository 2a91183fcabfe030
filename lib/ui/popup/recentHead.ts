/**
 * The Recent links the popup draws from one small storage read started with its first reads,
 * before the worker answers with the whole list: the stored head's entries of this account
 * (lib/storage/recentHead.ts). In the popup's first script (mergeHead, for later changes, is not).
 */
import type { HistoryEntry } from '@/lib/storage';
import { isRecord } from '@/lib/storage/isRecord';

const isEntry = (e: unknown): e is HistoryEntry =>
  isRecord(e) &&
  typeof e.id === 'string' &&
  typeof e.shortUrl === 'string' &&
  typeof e.longUrl === 'string' &&
  typeof e.account === 'string' &&
  isRecord(e.campaign);

/** Recent links' state from a head's links: drawn, and partial while the whole list is longer. */
export const fromHead = (head: { items: HistoryEntry[]; complete: boolean }) => ({
  state: 'ready' as const,
  items: head.items,
  partial: !head.complete,
});

/**
 * The account's newest links from a stored head, and whether they are all of them; null when
 * the head cannot say (none stored, an entry it cannot check, or none of this account's among
 * the newest of a longer list): the popup then waits for the worker.
 */
export function headLinks(head: unknown, fingerprint: string | null | undefined): { items: HistoryEntry[]; complete: boolean } | null {
  if (!fingerprint || !isRecord(head) || !Array.isArray(head.entries) || typeof head.total !== 'number') return null;
  if (!head.entries.every(isEntry)) return null;
  const complete = head.total <= head.entries.length;
  const items = head.entries.filter((e) => e.account === fingerprint);
  return complete || items.length > 0 ? { items, complete } : null;
}
