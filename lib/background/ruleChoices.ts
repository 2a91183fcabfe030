/**
 * The site rule for a link made outside the popup (the menu, the shortcut, the address bar, the
 * bulk page): its choices over the defaults, checked against the account's lists, and its UTM
 * preset added after the cleaning. What a rule names that no longer exists falls back to the
 * default; the user is told once (warnOnce), and the link is made anyway.
 */
import type { Campaign, Channel, Domain, ListName } from '@/lib/api';
import { linkChoices, type BaseChoices, type MissingPart, type RulePart } from '@/lib/links/ruleChoices';
import { addUtm } from '@/lib/links/utm';
import { readLinkRules } from '@/lib/storage/linkRules';
import { withOrganisation } from '@/lib/links/orgRules';
import { orgConventionsFor, writeAccountRules } from './linkRules';
import { loadList } from './lists';
import type { Session } from './session';

/** A link's address and choices after the rule. */
export interface RuledLink extends BaseChoices {
  url: string;
  /** The rule's site ("example.com/blog/"), null when none applied. */
  site: string | null;
  missing: MissingPart[];
  /** What of the link the rule decided. */
  chose: RulePart[];
  /** Names this fallback (rule and what is missing) for warnOnce. */
  warnKey: string | null;
}

/** A list from the cache; the domains loaded when a rule names one (a domain that is gone would fail the link). */
async function knownList<T>(s: Session, name: ListName, load: boolean): Promise<T[] | null> {
  const cached = await s.cache.peek<T[]>(name);
  if (cached || !load) return cached?.value ?? null;
  return s.cache.get<T[]>(name, loadList(s, name) as never).then(
    (c) => c.value,
    () => null,
  );
}

/** A rule's choices for an address; `baseFirst`: a choice `base` gives wins over the rule's (the bulk page's pickers). */
export type RuleResolver = (url: string, base: BaseChoices, baseFirst?: boolean) => RuledLink;

/** A function giving the rule's choices for an address; the rules and lists read once (a bulk batch asks for each row). */
export async function ruleResolver(s: Session): Promise<RuleResolver> {
  // The organisation's rules and presets with the user's own (a locked rule of its wins a tie).
  // Read side by side: a link from the menu or the shortcut waits for both before its request leaves.
  const [own, org] = await Promise.all([readLinkRules(s.fingerprint), orgConventionsFor(s.connection.serviceUrl)]);
  const data = withOrganisation(own, org);
  if (data.rules.length === 0 && Object.keys(data.campaignPresets).length === 0)
    return (url, base) => ({ url, ...base, site: null, missing: [], chose: [], warnKey: null });
  const lists = {
    domains: await knownList<Domain>(
      s,
      'domains',
      data.rules.some((r) => r.domainId !== null),
    ),
    campaigns: await knownList<Campaign>(s, 'campaigns', false),
    channels: await knownList<Channel>(s, 'channels', false),
  };
  return (url, base, baseFirst = false) => {
    const c = linkChoices(url, data, lists, base, baseFirst);
    const withUtm = c.preset ? addUtm(url, c.preset).url : url;
    const r = c.rule;
    const warnKey =
      r && c.missing.length ? `${r.id}:${c.missing.join(',')}:${r.domainId},${r.campaignId},${r.channelId},${r.presetId}` : null;
    return {
      url: withUtm,
      domainId: c.domainId,
      campaignId: c.campaignId,
      channelId: c.channelId,
      site: c.site,
      missing: c.missing,
      chose: c.chose,
      warnKey,
    };
  };
}

/** The rule's choices for `url` (already cleaned when the user wants it); the preset's values replace the address's own utm_* of the same names. */
export async function ruledLink(s: Session, url: string, base: BaseChoices): Promise<RuledLink> {
  return (await ruleResolver(s))(url, base);
}

/** Whether this fallback is new for the account (and remembers it): the user is told once. */
export async function warnOnce(fingerprint: string, key: string): Promise<boolean> {
  let fresh = false;
  await writeAccountRules(fingerprint, (current) => {
    const warned = current.warned ?? [];
    fresh = !warned.includes(key);
    return fresh ? { ...current, warned: [...warned, key].slice(-200) } : current;
  });
  return fresh;
}
