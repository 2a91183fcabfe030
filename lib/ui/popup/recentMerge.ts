import type { HistoryEntry } from '@/lib/storage';

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
