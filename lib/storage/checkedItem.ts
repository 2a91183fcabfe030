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

/**
 * Wraps `item` so that its reads (and watchers) go through `repair`; `name`: the item to tell of,
 * when it is told. `shareReads`: reads asked for while one is under way, with no write of this
 * item since it started, share it (a large item, Recent links, read by several messages at
 * once); only for an item written through its own setValue, and whose readers do not change
 * the value they get.
 */
export function checkedItem<T, M extends Record<string, unknown>>(
  item: WxtStorageItem<T, M>,
  repair: Repair<T>,
  book: NoticeBook | null,
  name: ToldItem | null,
  shareReads = false,
): WxtStorageItem<T, M> {
  let writes = 0;
  let reading: { writes: number; value: Promise<T> } | null = null;

  function getValue(): Promise<T> {
    if (!shareReads) return read();
    if (reading && reading.writes === writes) return reading.value;
    const mine = { writes, value: read() };
    reading = mine;
    const done = () => {
      if (reading === mine) reading = null;
    };
    mine.value.then(done, done);
    return mine.value;
  }

  async function read(): Promise<T> {
    const raw: unknown = await item.getValue();
    const r = repair(raw);
    if (!r.changed) return r.value;
    const before = JSON.stringify(raw);
    // Written back only when nothing was stored meanwhile (a write of the worker is newer).
    if (JSON.stringify(await item.getValue()) === before) {
      // Noted before the write: a reader that finds the repaired value finds the note too.
      if (r.lost && book && name) await book.note(name);
      writes++;
      await item.setValue(r.value).catch(() => undefined);
    }
    return r.value;
  }
  return {
    ...item,
    getValue,
    setValue: (value) => {
      writes++;
      return item.setValue(value);
    },
    removeValue: (opts) => {
      writes++;
      return item.removeValue(opts);
    },
    watch: (cb) => item.watch((next, old) => cb(repair(next).value, repair(old).value)),
  };
}
