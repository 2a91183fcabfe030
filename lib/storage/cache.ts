/** The worker's cache of one account's lists and account. */
import type { Account, ListName } from '@/lib/api';
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { storedItem } from './storedItem';

/** One cached value with the time it was fetched. */
export interface CacheEntry<T> {
  value: T;
  fetchedAt: number;
}
/** The cache of one account: keyed by a fingerprint of service URL + key, so accounts never mix. */
export interface CacheState {
  fingerprint: string;
  account?: CacheEntry<Account>;
  lists: Partial<Record<ListName, CacheEntry<unknown[]>>>;
}
const cacheStored = storedItem<CacheState | null>(`local:${KEYS.cache}`, null);
export const cacheItem = checkedItem(cacheStored, repair.repairCache<CacheState>, null, null);
