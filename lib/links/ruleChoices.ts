/**
 * The choices a link gets from the site rules: the most specific rule matching the page names
 * any of Domain, Campaign, Channel and UTM preset; what it does not name, and what it names but
 * no longer exists, is the default (the latter reported, so the user is told). With no rule
 * preset, the campaign's default preset applies. Shared by the popup and the worker.
 */
import type { Campaign, Channel, Domain } from '@/lib/api';
import type { AccountLinkRules, SiteRule, UtmPreset } from './linkRules';
import { matchRule, siteLabel } from './siteRules';

/** The lists choices are checked against; null: not known now (the choice is trusted). */
export interface KnownLists {
  domains: readonly Domain[] | null;
  campaigns: readonly Campaign[] | null;
  channels: readonly Channel[] | null;
}

/** The choices without a rule. */
export interface BaseChoices {
  domainId: number | null;
  campaignId: number | null;
  channelId: number | null;
}

/** What a rule named that no longer exists. */
export type MissingPart = 'domain' | 'campaign' | 'channel' | 'preset';
/** What a rule chose for a link. */
export type RulePart = MissingPart;

/** The choices for one address. */
export interface LinkChoices extends BaseChoices {
  /** The rule in force and its site as shown ("example.com/blog/"); null: none matched. */
  rule: SiteRule | null;
  site: string | null;
  preset: UtmPreset | null;
  missing: MissingPart[];
  /** What of the link the rule decided (its named parts that exist and were not chosen before it). */
  chose: RulePart[];
}

function exists(id: number, list: readonly { id: number | null }[] | null): boolean {
  return list === null || list.some((x) => x.id === id);
}

/**
 * The choices for `address`: the matching rule's over `base`, with the preset to apply.
 * `baseFirst`: a part `base` gives (not null) is the user's explicit choice and wins over the rule.
 */
export function linkChoices(
  address: string | null,
  data: AccountLinkRules,
  lists: KnownLists,
  base: BaseChoices,
  baseFirst = false,
): LinkChoices {
  const match = matchRule(data.rules, address);
  const rule = match?.rule ?? null;
  const missing: MissingPart[] = [];
  const chose: RulePart[] = [];
  const pick = (
    part: 'domain' | 'campaign' | 'channel',
    named: number | null,
    list: readonly { id: number | null }[] | null,
    fallback: number | null,
  ) => {
    if (named === null || (baseFirst && fallback !== null)) return fallback;
    if (exists(named, list)) {
      chose.push(part);
      return named;
    }
    missing.push(part);
    return fallback;
  };
  const domainId = pick('domain', rule?.domainId ?? null, lists.domains, base.domainId);
  const campaignId = pick('campaign', rule?.campaignId ?? null, lists.campaigns, base.campaignId);
  const channelId = pick('channel', rule?.channelId ?? null, lists.channels, base.channelId);
  let preset: UtmPreset | null = null;
  if (rule?.presetId) {
    preset = data.presets.find((p) => p.id === rule.presetId) ?? null;
    if (!preset) missing.push('preset');
    else chose.push('preset');
  }
  if (!preset) preset = campaignPreset(data, campaignId);
  return { rule, site: match ? siteLabel(match.site) : null, domainId, campaignId, channelId, preset, missing, chose };
}

/** The default preset a campaign names (null: none, or it no longer exists). */
export function campaignPreset(data: AccountLinkRules, campaignId: number | null): UtmPreset | null {
  const id = campaignId === null ? undefined : data.campaignPresets[String(campaignId)];
  return (id && data.presets.find((p) => p.id === id)) || null;
}
