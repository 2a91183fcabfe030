/** The pages' question "was anything stored lost?": every told item read through its schema, then the names not told yet. */
import {
  bulkItem,
  connectionItem,
  historyItem,
  historyOlderItem,
  qrStylesItem,
  queueItem,
  settingsItem,
  storageNotices,
  trackedQrsItem,
  unsentItem,
} from '@/lib/storage';
import { linkRulesItem } from '@/lib/storage/linkRules';
import type { ToldItem } from '@/lib/storage/names';

/**
 * The question's answer for one worker: the first time, every item the user could lose something
 * of is read (a wrong one is repaired and noted then); every time, the small items nothing else
 * reads at a page's open (presets and rules, QR styles, tracked QR codes) are read again, so that
 * damage done while the worker lives is told too; then the names of those that lost something are
 * taken, and a page tells them once. The large items are read once in a worker's life, not at each
 * page's open (Recent links alone can be 1.6 MB), as every later read of an item repairs and notes
 * what it finds wrong too.
 */
export function createStorageCheck(): () => Promise<ToldItem[]> {
  let checked: Promise<unknown> | null = null;
  const read = (items: { getValue: () => Promise<unknown> }[]) => Promise.all(items.map((item) => item.getValue().catch(() => undefined)));
  return async function takeStorageNotices() {
    const first = !checked;
    checked ??= read([
      connectionItem,
      settingsItem,
      historyItem,
      historyOlderItem,
      queueItem,
      unsentItem,
      bulkItem,
      qrStylesItem,
      trackedQrsItem,
      linkRulesItem,
    ]);
    await checked;
    if (!first) await read([linkRulesItem, qrStylesItem, trackedQrsItem]);
    return storageNotices.take();
  };
}
