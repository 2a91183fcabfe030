/** The site rule's choices in the popup's form (loaded after the first paint, with formActions.ts). */
import type { Campaign, Channel, Domain } from '@/lib/api';
import type { MissingPart } from '@/lib/links/ruleChoices';
import { remembered, sendableDomains } from '@/lib/ui/choices';
import type { Loaded } from '@/lib/ui/store';

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
