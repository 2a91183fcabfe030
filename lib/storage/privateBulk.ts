/**
 * The batch of a bulk page opened for a private window: in storage.session (memory only, never
 * written to disk, gone when the browser closes), apart from the stored batch of normal windows.
 */
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { storedItem } from './storedItem';
import type { BulkBatch } from './bulk';
import { KEYS } from './keys';

/** A private window's batch: read through the same repair as the stored one. */
export const privateBulkItem = checkedItem(
  storedItem<BulkBatch | null>(`session:${KEYS.privateBulk}`, null),
  repair.repairBulk,
  null,
  null,
);
