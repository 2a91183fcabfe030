/** The organisation's policy as the worker last read it, and the defaults it has applied. */
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import type { ManagedPolicy } from './policy';
import { storedItem } from './storedItem';

/**
 * The organisation's policy as the worker last read and checked it from storage.managed
 * (lib/storage/policy.ts), and the defaults it has put into the preferences already (an unlocked
 * default is applied once per value, so the user's own later choice stays).
 */
export interface PolicyState {
  policy: ManagedPolicy;
  applied: Record<string, unknown>;
}
export const policyItem = checkedItem(storedItem<PolicyState | null>(`local:${KEYS.policy}`, null), repair.repairPolicy, null, null);
