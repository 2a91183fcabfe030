/**
 * The stored shapes of UTM presets and site rules (zod), read leniently from storage (a bad
 * entry is dropped, the rest kept; an exported file is read strictly: lib/links/rulesFile.ts).
 * Shared by the worker, the options page and the popup (which loads it after its first render).
 */
// zod/mini: the popup loads these schemas after its first render, without the rest of zod.
import * as z from 'zod/mini';
import { parseSite } from './siteRules';
import { lazySchema } from '@/lib/api/lazySchema';
import type { QrStyle } from '@/lib/qr/style';

const id = lazySchema(() => z.nullable(z.int().check(z.positive())));
const text = lazySchema(() => z.string().check(z.maxLength(500)));

/** A named set of the five UTM values. */
export const UtmPresetSchema = lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1), z.maxLength(100)),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    source: text,
    medium: text,
    campaign: text,
    term: text,
    content: text,
  }),
);
export type UtmPreset = z.infer<typeof UtmPresetSchema>;

/** A site rule: the site and the choices it makes (null: it does not choose that one). */
export const SiteRuleSchema = lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1), z.maxLength(100)),
    site: z.string().check(z.refine((s) => parseSite(s) !== null, 'is not a site')),
    domainId: id,
    campaignId: id,
    channelId: id,
    presetId: z.nullable(z.string().check(z.maxLength(100))),
  }),
);
export type SiteRule = z.infer<typeof SiteRuleSchema>;

/** One of the organisation's three (presets, rules, QR style), and whether the user may change it. */
export interface OrgPart<T> {
  value: T;
  locked: boolean;
}

/** What the policy sets of the three (each absent when it sets none, or none valid). */
export interface OrgConventions {
  presets?: OrgPart<UtmPreset[]>;
  rules?: OrgPart<SiteRule[]>;
  qrStyle?: OrgPart<QrStyle>;
}

/** One account's presets, rules and campaigns' default presets (campaign id → preset id). */
export interface AccountLinkRules {
  presets: UtmPreset[];
  rules: SiteRule[];
  campaignPresets: Record<string, string>;
  /** What the worker has already said about a rule or preset naming something gone (said once). */
  warned?: string[];
  /** The organisation's presets, rules and QR style for this account's service, as the worker tells a page (never stored here). */
  org?: OrgConventions;
}
/** All accounts', keyed by the connection's fingerprint (like the cache and the budgets). */
export type LinkRulesByAccount = Record<string, AccountLinkRules>;

export const EMPTY_LINK_RULES: AccountLinkRules = { presets: [], rules: [], campaignPresets: {} };

/** The valid entries of a list (a broken one is dropped, not the list), and whether any was dropped. */
function validItems<T>(schema: z.ZodMiniType<T>, raw: unknown): { items: T[]; dropped: boolean } {
  if (raw == null) return { items: [], dropped: false };
  if (!Array.isArray(raw)) return { items: [], dropped: true };
  const items = raw.flatMap((x) => {
    const r = schema.safeParse(x);
    return r.success ? [r.data] : [];
  });
  return { items, dropped: items.length !== raw.length };
}

/** One account's stored record read item by item, and whether a preset, rule or default preset had to be dropped. */
export function repairAccountRules(raw: unknown): { value: AccountLinkRules; lost: boolean } {
  if (raw == null) return { value: { ...EMPTY_LINK_RULES }, lost: false };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { value: { ...EMPTY_LINK_RULES }, lost: true };
  const r = raw as Record<string, unknown>;
  const mapOk = r.campaignPresets == null || (typeof r.campaignPresets === 'object' && !Array.isArray(r.campaignPresets));
  const map = mapOk && r.campaignPresets ? (r.campaignPresets as Record<string, unknown>) : {};
  const entries = Object.entries(map);
  const campaignPresets = Object.fromEntries(entries.filter((e): e is [string, string] => /^\d+$/.test(e[0]) && typeof e[1] === 'string'));
  const warned = Array.isArray(r.warned) ? r.warned.filter((w): w is string => typeof w === 'string').slice(-200) : [];
  const presets = validItems(UtmPresetSchema, r.presets);
  const rules = validItems(SiteRuleSchema, r.rules);
  const lost = presets.dropped || rules.dropped || !mapOk || Object.keys(campaignPresets).length !== entries.length;
  return { value: { presets: presets.items, rules: rules.items, campaignPresets, warned }, lost };
}

/** One account's stored record, read leniently: what is valid is kept. */
export function readAccountRules(raw: unknown): AccountLinkRules {
  return repairAccountRules(raw).value;
}

/** The record of one account in the stored value (empty when there is none). */
export function accountRulesOf(stored: unknown, fingerprint: string | null | undefined): AccountLinkRules {
  if (!fingerprint || !stored || typeof stored !== 'object') return { ...EMPTY_LINK_RULES };
  return readAccountRules((stored as Record<string, unknown>)[fingerprint]);
}
