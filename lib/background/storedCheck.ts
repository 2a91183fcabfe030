/** The pages' question "was anything stored lost?": every told item read through its schema, then the names not told yet. */
import { bulkItem, connectionItem, historyItem, historyOlderItem, qrStylesItem, queueItem, settingsItem, storageNotices, trackedQrsItem, unsentItem } from '../storage';
import { linkRulesItem } from '../storage/linkRules';
import type { ToldItem } from '../storage/names';

/**
 * The question's answer for one worker: the first time, every item the user could lose something
 * of is read (a wrong one is repaired and noted then); every time, the names of those that lost
 * something are taken, and a page tells them once. The items are read once in a worker's life,
 * not at each page's open (Recent links alone can be 1.6 MB), as every later read of an item
 * repairs and notes what it finds wrong too.
 */
export function createStorageCheck(): () => Promise<ToldItem[]> {
  let checked: Promise<unknown> | null = null;
  return async function takeStorageNotices() {
    checked ??= Promise.all(
      [connectionItem, settingsItem, historyItem, historyOlderItem, queueItem, unsentItem, bulkItem, qrStylesItem, trackedQrsItem, linkRulesItem].map((item) => (item.getValue as () => Promise<unknown>)().catch(() => undefined)),
    );
    await checked;
    return storageNotices.take();
  };
}
