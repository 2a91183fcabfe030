/** The stored UTM presets and site rules (one item, all accounts), and the checked read of one account's. */
import { accountRulesOf, repairAccountRules, type AccountLinkRules, type LinkRulesByAccount } from '@/lib/links/linkRules';
import { checkedItem } from './checkedItem';
import { isRecord } from './isRecord';
import { storageNotices } from './notices';
import type { Repaired } from './repaired';
import { storedItem } from './storedItem';
import { KEYS } from './keys';

/**
 * Each account's record read item by item, so that damage loses no more than the damaged item: a
 * broken preset or rule is dropped and the others kept, an account's record that is no record is
 * emptied (the user is told once, lib/storage/lossText.ts).
 */
export function repairLinkRules(raw: unknown): Repaired<LinkRulesByAccount> {
  if (raw == null) return { value: {}, lost: false, changed: false };
  if (!isRecord(raw)) return { value: {}, lost: true, changed: true };
  let lost = false;
  const value: LinkRulesByAccount = {};
  for (const [fingerprint, record] of Object.entries(raw)) {
    const r = repairAccountRules(record);
    lost ||= r.lost;
    value[fingerprint] = r.lost ? r.value : (record as LinkRulesByAccount[string]);
  }
  return { value, lost, changed: lost };
}

/**
 * UTM presets, site rules and campaigns' default presets of each account, keyed by the
 * connection's fingerprint (like the cache and the budgets): another account has its own. Stored
 * in this browser only, read through `repairLinkRules`.
 */
const linkRulesStored = storedItem<LinkRulesByAccount>(`local:${KEYS.linkRules}`, {});
export const linkRulesItem = checkedItem(linkRulesStored, repairLinkRules, storageNotices, 'linkRules');

/** One account's presets and rules, checked (empty when it has none). */
export async function readLinkRules(fingerprint: string): Promise<AccountLinkRules> {
  return accountRulesOf(await linkRulesItem.getValue(), fingerprint);
}
