/** Rules about the popup's data, shared by its slices and components (pure functions). */
import type { Account, Campaign, Channel, Domain, SerializedApiError } from '../../api';
import type { Settings } from '../../storage';
import { sendableDomains } from '../choices';
import type { Loaded } from '../store';

/** Whether the account may choose a custom alias. */
export function isPro(account: Account | null): boolean {
  return !!account && account.status.trim().toLowerCase() === 'pro';
}

/** The remembered choice when it still exists in the (loaded) list, else ''. */
export function remembered(id: number | null | undefined, list: Loaded<readonly { id: number | null }[]>): string {
  if (id === null || id === undefined) return '';
  if (list.state === 'ready' && !list.value.some((x) => x.id === id)) return '';
  return String(id);
}

/** An answer that should be a list, as a list (a confused worker must not break the popup). */
export const listOf = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** The remembered Domain, Campaign and (when given) Channel select values that still exist in their loaded lists. */
export function rememberedChoices(settings: Settings, domains: Loaded<Domain[]>, campaigns: Loaded<Campaign[]>, channels?: Loaded<Channel[]>) {
  return {
    domainId: remembered(settings.lastDomainId, { state: domains.state, value: sendableDomains(domains.value) }),
    campaignId: remembered(settings.lastCampaignId, campaigns),
    ...(channels ? { channelId: remembered(settings.lastChannelId, channels) } : {}),
  };
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
