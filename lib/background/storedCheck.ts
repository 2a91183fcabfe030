/** The pages' question "was anything stored lost?": every told item read through its schema, then the names not told yet. */
import { bulkItem, connectionItem, historyItem, qrStylesItem, queueItem, settingsItem, storageNotices, trackedQrsItem, unsentItem } from '../storage';
import type { ToldItem } from '../storage/names';

/**
 * Reads every item the user could lose something of (a wrong one is repaired and noted then)
 * and takes the names of those that lost something: a page tells them, once.
 */
export async function takeStorageNotices(): Promise<ToldItem[]> {
  await Promise.all([connectionItem, settingsItem, historyItem, queueItem, unsentItem, bulkItem, qrStylesItem, trackedQrsItem].map((item) => (item.getValue as () => Promise<unknown>)().catch(() => undefined)));
  return storageNotices.take();
}
