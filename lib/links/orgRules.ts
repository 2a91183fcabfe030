/**
 * The organisation's UTM presets, site rules and QR style (a managed policy's `utmPresets`,
 * `siteRules`, `qrStyle`, for the policy's service URL): each entry checked on its own (a wrong
 * one is ignored with its reason, the others kept), and merged with the user's own. The
 * organisation's entries carry ids starting with `org:` (never one of the user's); a locked
 * rule comes before the user's, so at equal specificity it wins; an unlocked one after them.
 */
import * as z from 'zod/mini';
import { checkQrStyle, logoOfDataUrl, MAX_LOGO_BYTES, type QrStyle } from '@/lib/qr/style';
import { readAccountRules, SiteRuleSchema, UtmPresetSchema, type AccountLinkRules, type OrgConventions } from './linkRules';
export type { OrgConventions, OrgPart } from './linkRules';

/** The policy members read here. */
export const ORG_MEMBERS = ['utmPresets', 'siteRules', 'qrStyle'] as const;
const ORG_PREFIX = 'org:';

/** Whether a preset or rule is the organisation's (read-only on the options page, "your organisation's" in the popup). */
export const isOrgId = (id: string | null | undefined): boolean => typeof id === 'string' && id.startsWith(ORG_PREFIX);

type Ignored = { key: string; reason: string }[];

/** The `locked` flag of a member (absent: false); a wrong one is said and taken as false. */
function lockedOf(key: string, input: Record<string, unknown>, ignored: Ignored): boolean {
  if (!Object.hasOwn(input, 'locked') || input.locked === undefined) return false;
  if (typeof input.locked === 'boolean') return input.locked;
  ignored.push({ key: `${key}.locked`, reason: 'not true or false' });
  return false;
}

/** The valid entries of a member's list, each checked alone (a wrong one ignored with where and why). */
function entriesOf<T>(
  key: string,
  list: unknown,
  check: (x: Record<string, unknown>) => { ok: true; value: T } | { ok: false; reason: string },
  ignored: Ignored,
): T[] {
  if (!Array.isArray(list)) {
    ignored.push({ key, reason: 'not a list' });
    return [];
  }
  return list.flatMap((x, i) => {
    const r =
      x && typeof x === 'object' && !Array.isArray(x)
        ? check(x as Record<string, unknown>)
        : ({ ok: false, reason: 'not an object' } as const);
    if (r.ok) return [r.value];
    ignored.push({ key: `${key}.${i}`, reason: r.reason });
    return [];
  });
}

/** The first issue of a zod check as a reason ("name: Too small…"). */
const reasonOf = (e: z.core.$ZodError): string => {
  const issue = e.issues[0];
  return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'wrong value';
};

const text = (v: unknown) => (v === undefined || v === null ? '' : v);

function presetOf(x: Record<string, unknown>) {
  const r = UtmPresetSchema.safeParse({
    id: x.id,
    name: x.name,
    source: text(x.source),
    medium: text(x.medium),
    campaign: text(x.campaign),
    term: text(x.term),
    content: text(x.content),
  });
  return r.success
    ? ({ ok: true, value: { ...r.data, id: `${ORG_PREFIX}${r.data.id}` } } as const)
    : ({ ok: false, reason: reasonOf(r.error) } as const);
}

function ruleOf(x: Record<string, unknown>) {
  const id = (k: string) => (x[k] === undefined ? null : x[k]);
  const r = SiteRuleSchema.safeParse({
    id: x.id,
    site: x.site,
    domainId: id('domainId'),
    campaignId: id('campaignId'),
    channelId: id('channelId'),
    presetId: id('presetId'),
  });
  if (!r.success) return { ok: false, reason: reasonOf(r.error) } as const;
  return {
    ok: true,
    value: { ...r.data, id: `${ORG_PREFIX}${r.data.id}`, presetId: r.data.presetId === null ? null : `${ORG_PREFIX}${r.data.presetId}` },
  } as const;
}

/** A logo given as a data URL (PNG, JPEG or SVG), within MAX_LOGO_BYTES; else the reason. */
function logoOf(dataUrl: unknown): { ok: true; logo: QrStyle['logo'] } | { ok: false; reason: string } {
  if (dataUrl === undefined || dataUrl === null) return { ok: true, logo: null };
  const r = typeof dataUrl === 'string' ? logoOfDataUrl(dataUrl, 'policy') : null;
  if (r?.ok) return r;
  if (r?.problem.reason === 'logo-size') return { ok: false, reason: `larger than ${MAX_LOGO_BYTES / 1024} KB` };
  return { ok: false, reason: 'not a PNG, JPEG or SVG data URL (base64)' };
}

/** Reads one of ORG_MEMBERS into `org`; what is wrong is added to `ignored`, member by member and entry by entry. */
export function readOrgMember(org: OrgConventions, key: (typeof ORG_MEMBERS)[number], value: unknown, ignored: Ignored): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    ignored.push({ key, reason: 'not an object' });
    return;
  }
  const input = value as Record<string, unknown>;
  const locked = lockedOf(key, input, ignored);
  if (key === 'utmPresets') {
    const presets = entriesOf(`${key}.presets`, input.presets, presetOf, ignored);
    if (presets.length) org.presets = { value: presets, locked };
  } else if (key === 'siteRules') {
    const rules = entriesOf(`${key}.rules`, input.rules, ruleOf, ignored);
    if (rules.length) org.rules = { value: rules, locked };
  } else {
    const logo = logoOf(input.logo);
    if (!logo.ok) ignored.push({ key: `${key}.logo`, reason: logo.reason });
    const style: QrStyle = {
      foreground: String(input.foreground ?? '#000000').toLowerCase(),
      background: String(input.background ?? '#ffffff').toLowerCase(),
      logo: logo.ok ? logo.logo : null,
    };
    const problem = checkQrStyle(style);
    if (problem) ignored.push({ key, reason: `a style scanners read badly (${problem.reason})` });
    else org.qrStyle = { value: style, locked };
  }
}

/** A rule of the policy naming a preset it does not set falls back (as a user's rule naming a deleted one). */
export function withOrganisation(own: AccountLinkRules, org: OrgConventions | null | undefined): AccountLinkRules {
  if (!org || (!org.presets && !org.rules)) return own;
  const rules = org.rules?.value ?? [];
  const first = org.rules?.locked ? rules : [];
  const after = org.rules?.locked ? [] : rules;
  return { ...own, presets: [...(org.presets?.value ?? []), ...own.presets], rules: [...first, ...own.rules, ...after] };
}

/** The stored conventions read again leniently (a page reads the stored policy itself): what is not valid is dropped. */
export function storedOrg(raw: unknown): OrgConventions | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, { value?: unknown; locked?: unknown } | undefined>;
  const lists = readAccountRules({ presets: r.presets?.value, rules: r.rules?.value });
  const org: OrgConventions = {};
  if (lists.presets.length) org.presets = { value: lists.presets.filter((p) => isOrgId(p.id)), locked: r.presets?.locked === true };
  if (lists.rules.length) org.rules = { value: lists.rules.filter((x) => isOrgId(x.id)), locked: r.rules?.locked === true };
  return org;
}
