/** The stored UTM presets and site rules (one item, all accounts), and the checked read of one account's. */
import { accountRulesOf, type AccountLinkRules, type LinkRulesByAccount } from '../links/linkRules';
import { storedItem } from './storedItem';

/**
 * UTM presets, site rules and campaigns' default presets of each account, keyed by the
 * connection's fingerprint (like the cache and the budgets): another account has its own. Stored
 * in this browser only. Read through `readLinkRules` (zod: a broken entry is dropped, the rest kept).
 */
export const linkRulesItem = storedItem<LinkRulesByAccount>('local:linkRules', {});

/** One account's presets and rules, checked (empty when it has none). */
export async function readLinkRules(fingerprint: string): Promise<AccountLinkRules> {
  return accountRulesOf(await linkRulesItem.getValue(), fingerprint);
}
