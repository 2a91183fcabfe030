/** Links not made because the account changed first, kept to be made again or dismissed. */
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { storageNotices } from './notices';
import type { ShortenJobArgs } from './queue';
import { storedItem } from './storedItem';

/** A link that was not made because the connection changed to another account first. */
export interface UnsentLink {
  /** The id of the job that was not sent. */
  id: string;
  args: ShortenJobArgs;
  createdAt: number;
  /** The notification about it was shown (one notification for the links of one change). */
  announced: boolean;
}
const unsentStored = storedItem<UnsentLink[]>(`local:${KEYS.unsent}`, []);
export const unsentItem = checkedItem(unsentStored, repair.repairUnsent, storageNotices, 'unsent');
