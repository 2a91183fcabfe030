/** The Domain, Campaign and Channel choices of every page (popup, options, bulk): one rule each. */
import type { Campaign, Channel, Domain } from '@/lib/api';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/storage';
import type { Loaded } from './store';

/** Whether a domain can be sent as `domain_id`: shared domains come with a null id, and only a positive whole number is an id. */
export function isSendableDomain(d: Domain): d is Domain & { id: number } {
  return typeof d.id === 'number' && Number.isInteger(d.id) && d.id > 0;
}

/** The domains a user can choose (those that can be sent as `domain_id`). */
export function sendableDomains(domains: readonly Domain[]): (Domain & { id: number })[] {
  return domains.filter(isSendableDomain);
}

/** A select's value as an id: '' (none) and anything that is not a positive whole number are null. */
export function toId(v: string): number | null {
  return /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null;
}

/** One choice of a select: an item's id and the text shown for it. */
export interface Choice {
  id: number;
  label: string;
}

/** The one label rule for an item: its name or, unnamed, "Domain #n" / "Campaign #n" / "Channel #n" (the options page's accessible names wrap it: "Channel: …"). */
export const domainName = (d: { id: number; domain?: string | null }) => d.domain || t('commonDomainNumbered', d.id);
/** See domainName. */
export const campaignName = (c: Pick<Campaign, 'id' | 'name'>) => c.name || t('commonCampaignNumbered', c.id);
/** See domainName. */
export const channelName = (c: Pick<Channel, 'id' | 'name'>) => c.name || t('optionsChannelNumbered', c.id);

/** The domains a user can choose (only those that can be sent), each labelled. */
export function domainChoices(domains: readonly Domain[]): Choice[] {
  return sendableDomains(domains).map((d) => ({ id: d.id, label: domainName(d) }));
}

/** The campaigns, each labelled. */
export function campaignChoices(campaigns: readonly Pick<Campaign, 'id' | 'name'>[]): Choice[] {
  return campaigns.map((c) => ({ id: c.id, label: campaignName(c) }));
}

/** The channels, each labelled. */
export function channelChoices(channels: readonly Pick<Channel, 'id' | 'name'>[]): Choice[] {
  return channels.map((c) => ({ id: c.id, label: channelName(c) }));
}

/** A remembered id as a select's value: '' when none, or when its loaded list no longer holds it. */
export function remembered(id: number | null | undefined, list: Loaded<readonly { id: number | null }[]>): string {
  if (id === null || id === undefined) return '';
  if (list.state === 'ready' && !list.value.some((x) => x.id === id)) return '';
  return String(id);
}

/** What a page with Domain, Campaign and Channel selects keeps of its lists and its user's picks. */
export interface RememberingState {
  form: { domainId: string; campaignId: string; channelId: string; choicesEdited: boolean };
  settings: Settings | null;
  domains: Loaded<Domain[]>;
  campaigns: Loaded<Campaign[]>;
  channels: Loaded<Channel[]>;
}

/**
 * The form with the remembered Domain, Campaign and Channel that still exist in their loaded
 * lists, or null while the user's own picks stand or the preferences are not read yet (the popup
 * and the bulk page apply it whenever a list or the preferences arrive).
 */
export function withRemembered<F extends RememberingState['form']>(s: Omit<RememberingState, 'form'> & { form: F }): F | null {
  if (s.form.choicesEdited || !s.settings) return null;
  return {
    ...s.form,
    domainId: remembered(s.settings.lastDomainId, { state: s.domains.state, value: sendableDomains(s.domains.value) }),
    campaignId: remembered(s.settings.lastCampaignId, s.campaigns),
    channelId: remembered(s.settings.lastChannelId, s.channels),
  };
}
