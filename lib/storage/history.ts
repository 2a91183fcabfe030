/** Recent links as stored: the newest part and the older one (lib/background/history.ts moves links between them). */
import type { HistoryEntry } from '@/lib/links/historyEntry';
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { storageNotices } from './notices';
import { storedItem } from './storedItem';

// Recent links in two parts, newest first, reads shared (several messages read them at once): the
// newest (all of them in an install from before `historyOlder`), then the older ones, which a new
// link does not rewrite (lib/background/history.ts moves them there a hundred at a time).
const historyStored = storedItem<HistoryEntry[]>(`local:${KEYS.history}`, []);
export const historyItem = checkedItem(historyStored, repair.repairHistory, storageNotices, 'history', true);
const historyOlderStored = storedItem<HistoryEntry[]>(`local:${KEYS.historyOlder}`, []);
export const historyOlderItem = checkedItem(historyOlderStored, repair.repairHistory, storageNotices, 'history', true);
