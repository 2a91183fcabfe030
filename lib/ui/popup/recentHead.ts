/**
 * The Recent links the popup can draw from one small storage read after its first paint, before
 * the worker answers with the whole list: the stored head's entries of this account
 * (lib/storage/recentHead.ts).
 */
import type { HistoryEntry } from '../../storage';
import { isRecord } from '../../storage/repaired';

const isEntry = (e: unknown): e is HistoryEntry =>
  isRecord(e) && typeof e.id === 'string' && typeof e.shortUrl === 'string' && typeof e.longUrl === 'string' && typeof e.account === 'string' && isRecord(e.campaign);

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

/**
 * The shown list after the stored head changed (a link made, changed or deleted elsewhere: the
 * worker, the shortcut, another popup): the head's links replace the newest shown ones; null
 * when the head does not reach back to a shown link (the whole list must be asked for).
 */
export function mergeHead(shown: readonly HistoryEntry[], head: { items: HistoryEntry[]; complete: boolean }): HistoryEntry[] | null {
  if (head.complete) return head.items;
  const tail = head.items.at(-1);
  const at = tail ? shown.findIndex((e) => e.id === tail.id) : -1;
  return at < 0 ? null : [...head.items, ...shown.slice(at + 1)];
}
