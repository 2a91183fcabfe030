/** Rules about the popup's data, shared by its slices and components (pure functions). */
import type { Account, Campaign, Channel, Domain, SerializedApiError } from '../../api';
import type { MissingPart } from '../../links/ruleChoices';
import { remembered, sendableDomains } from '../choices';
import type { Loaded } from '../store';

/** Whether the account may choose a custom alias. */
export function isPro(account: Account | null): boolean {
  return !!account && account.status.trim().toLowerCase() === 'pro';
}

/** The site rule's choices over the remembered ones (`base`), each only when it still exists in its loaded list. */
export function ruledChoices(
  base: { domainId: string; campaignId: string; channelId?: string },
  rule: { domainId: number | null; campaignId: number | null; channelId: number | null; missing: MissingPart[] },
  domains: Loaded<Domain[]>,
  campaigns: Loaded<Campaign[]>,
  channels: Loaded<Channel[]>,
) {
  const missing: MissingPart[] = rule.missing.filter((m) => m === 'preset');
  const pick = (part: MissingPart, id: number | null, list: Loaded<readonly { id: number | null }[]>, fallback: string) => {
    if (id === null) return fallback;
    const value = remembered(id, list);
    if (value === '') missing.push(part);
    return value || fallback;
  };
  const choices = {
    domainId: pick('domain', rule.domainId, { state: domains.state, value: sendableDomains(domains.value) }, base.domainId),
    campaignId: pick('campaign', rule.campaignId, campaigns, base.campaignId),
    channelId: pick('channel', rule.channelId, channels, base.channelId ?? ''),
  };
  const order: MissingPart[] = ['domain', 'campaign', 'channel', 'preset'];
  return { choices, missing: order.filter((m) => missing.includes(m)) };
}

/** The popup control a failure is about (by the error's `field`), if any. */
export function fieldOf(err: SerializedApiError | null): 'url' | 'alias' | 'domain' | 'campaign' | null {
  switch (err?.field) {
    case 'url':
      return 'url';
    case 'custom_code':
    case 'customCode':
      return 'alias';
    case 'domain_id':
    case 'domainId':
      return 'domain';
    case 'campaignId':
      return 'campaign';
    default:
      return null;
  }
}
