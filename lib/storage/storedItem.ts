/**
 * A stored item of storage.local with the interface of WXT's `storage.defineItem`, but without the
 * read that `defineItem` starts for every item as its module is evaluated: the worker's start
 * read every item (Recent links' 1.6 MB twice with 5,000 links) beside the few reads a cold page
 * waits for (docs/ARCHITECTURE.md, "Stored state"). Items with migrations keep `defineItem`.
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
