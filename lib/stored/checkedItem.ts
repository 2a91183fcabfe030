/**
 * A stored item read through its repair: every read gives a value the extension can use, a
 * value that had to be repaired is written back (once; unless storage changed meanwhile), and
 * the loss of something the user would miss is noted for the pages to tell once.
 */
import type { WxtStorageItem } from 'wxt/utils/storage';
import type { ToldItem } from './names';
import type { Repair } from './repaired';

/** Where the names of items that lost something are kept until a page has told them. */
export interface NoticeBook {
  note(name: ToldItem): Promise<void>;
}

/** Wraps `item` so that its reads (and watchers) go through `repair`; `name`: the item to tell of, when it is told. */
export function checkedItem<T, M extends Record<string, unknown>>(
  item: WxtStorageItem<T, M>,
  repair: Repair<T>,
  book: NoticeBook | null,
  name: ToldItem | null,
): WxtStorageItem<T, M> {
  async function getValue(): Promise<T> {
    const raw: unknown = await item.getValue();
    const r = repair(raw);
    if (!r.changed) return r.value;
    const before = JSON.stringify(raw);
    // Written back only when nothing was stored meanwhile (a write of the worker is newer).
    if (JSON.stringify(await item.getValue()) === before) {
      // Noted before the write: a reader that finds the repaired value finds the note too.
      if (r.lost && book && name) await book.note(name);
      await item.setValue(r.value).catch(() => undefined);
    }
    return r.value;
  }
  return {
    ...item,
    getValue,
    watch: (cb) => item.watch((next, old) => cb(repair(next).value, repair(old).value)),
  };
}
