/** The names of stored items that lost something, kept until a page has told the user (once). */
import type { WxtStorageItem } from 'wxt/utils/storage';
import { checkedItem, type NoticeBook } from './checkedItem';
import { repairNotices } from './items';
import type { ToldItem } from './names';
import { storedItem } from './storedItem';
import { KEYS } from './keys';

/** A book over the stored list of names: notes and takes, one at a time. */
export function createNoticeBook(item: WxtStorageItem<ToldItem[], Record<string, unknown>>): NoticeBook & { take(): Promise<ToldItem[]> } {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = last.then(fn, fn);
    last = next.catch(() => undefined);
    return next;
  };
  return {
    note: (name) =>
      inTurn(async () => {
        const names = await item.getValue();
        if (!names.includes(name)) await item.setValue([...names, name]);
      }),
    take: () =>
      inTurn(async () => {
        const names = await item.getValue();
        if (names.length) await item.setValue([]);
        return names;
      }),
  };
}

/** The stored items that lost something the user would miss, until a page has told them. */
const noticesStored = storedItem<ToldItem[]>(`local:${KEYS.storageNotices}`, []);
export const storageNoticesItem = checkedItem(noticesStored, repairNotices, null, null);
/** Notes and takes those names. */
export const storageNotices = createNoticeBook(storageNoticesItem);
