/**
 * A stored item of storage.local with the interface of WXT's `storage.defineItem`, but without the
 * read that `defineItem` starts for every item as its module is evaluated: with it the worker's
 * start would read every item (Recent links' 1.6 MB twice with 5,000 links) beside the few reads
 * a cold page waits for (docs/ARCHITECTURE.md, "Stored state"). Items with migrations keep
 * `defineItem`.
 */
import { storage } from '#imports';
import type { StorageItemKey, WxtStorageItem } from 'wxt/utils/storage';

/** The item at `key`; `fallback` when nothing is stored (as defineItem's `fallback`). */
export function storedItem<T>(key: StorageItemKey, fallback: T): WxtStorageItem<T, Record<string, unknown>> {
  return {
    key,
    fallback,
    defaultValue: fallback,
    getValue: () => storage.getItem<T>(key, { fallback }),
    getMeta: () => storage.getMeta(key),
    setValue: (value) => storage.setItem(key, value),
    setMeta: (properties) => storage.setMeta(key, properties),
    removeValue: (opts) => storage.removeItem(key, opts),
    removeMeta: (properties) => storage.removeMeta(key, properties),
    watch: (cb) => storage.watch<T>(key, (next, old) => cb(next ?? fallback, old ?? fallback)),
    watchMeta: (cb) => storage.watchMeta(key, cb),
    migrate: async () => undefined,
  };
}

/** A value of one stored item, to be written with others in one call (writeTogether). */
export interface StoredValue<T = unknown> {
  item: WxtStorageItem<T, Record<string, unknown>>;
  value: T;
}

/** A stored value of any item (the items written together differ in type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each value matches its own item; the list mixes types
export type AnyStoredValue = StoredValue<any>;

/** Writes several items in one storage call: storage holds all of them or none (the queue and the bulk batch naming its jobs). */
export function writeTogether(values: AnyStoredValue[]): Promise<void> {
  return storage.setItems(values);
}
