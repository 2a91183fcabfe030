/**
 * The stored shapes of UTM presets and site rules (zod), read leniently from storage (a bad
 * entry is dropped, the rest kept) and strictly from an imported file (refused whole, with the
 * reason). Shared by the worker, the options page and the popup (which loads it after its first
 * render).
 */
// zod/mini: the popup loads these schemas after its first render, without the rest of zod.
import * as z from 'zod/mini';
import { parseSite } from './siteRules';
import { lazySchema } from '../api/lazySchema';
import type { OrgConventions } from './orgRules';

const id = lazySchema(() => (z.nullable(z.int().check(z.positive()))));
const text = lazySchema(() => (z.string().check(z.maxLength(500))));

/** A named set of the five UTM values. */
export const UtmPresetSchema = lazySchema(() => (z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  source: text,
  medium: text,
  campaign: text,
  term: text,
  content: text,
})));
export type UtmPreset = z.infer<typeof UtmPresetSchema>;

/** A site rule: the site and the choices it makes (null: it does not choose that one). */
export const SiteRuleSchema = lazySchema(() => (z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  site: z.string().check(z.refine((s) => parseSite(s) !== null, 'is not a site')),
  domainId: id,
  campaignId: id,
  channelId: id,
  presetId: z.nullable(z.string().check(z.maxLength(100))),
})));
export type SiteRule = z.infer<typeof SiteRuleSchema>;

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

/** The valid entries of a list (a broken one is dropped, not the list). */
function validItems<T>(schema: z.ZodMiniType<T>, raw: unknown): T[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((x) => {
    const r = schema.safeParse(x);
    return r.success ? [r.data] : [];
  });
}

/** One account's stored record, read leniently: what is valid is kept. */
export function readAccountRules(raw: unknown): AccountLinkRules {
  if (!raw || typeof raw !== 'object') return { ...EMPTY_LINK_RULES };
  const r = raw as Record<string, unknown>;
  const map = r.campaignPresets && typeof r.campaignPresets === 'object' ? (r.campaignPresets as Record<string, unknown>) : {};
  const campaignPresets = Object.fromEntries(
    Object.entries(map).filter((e): e is [string, string] => /^\d+$/.test(e[0]) && typeof e[1] === 'string'),
  );
  const warned = Array.isArray(r.warned) ? r.warned.filter((w): w is string => typeof w === 'string').slice(-200) : [];
  return { presets: validItems(UtmPresetSchema, r.presets), rules: validItems(SiteRuleSchema, r.rules), campaignPresets, warned };
}

/** The record of one account in the stored value (empty when there is none). */
export function accountRulesOf(stored: unknown, fingerprint: string | null | undefined): AccountLinkRules {
  if (!fingerprint || !stored || typeof stored !== 'object') return { ...EMPTY_LINK_RULES };
  return readAccountRules((stored as Record<string, unknown>)[fingerprint]);
}

/** The file of exported rules: the rules and the presets they name. */
export const RulesFileSchema = lazySchema(() => (z.object({
  linkshortSiteRules: z.literal(1),
  rules: z.array(SiteRuleSchema).check(z.maxLength(1000)),
  presets: z.array(UtmPresetSchema).check(z.maxLength(1000)),
})));
export type RulesFile = z.infer<typeof RulesFileSchema>;

/** Why an imported file is refused: not JSON, or where it is wrong. */
export type ImportProblem = { kind: 'not-json' } | { kind: 'invalid'; path: string; message: string };

/** Reads an exported file: all of it, or the first problem (nothing half-imported). */
export function parseRulesFile(content: string): { ok: true; file: RulesFile } | { ok: false; problem: ImportProblem } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: { kind: 'not-json' } };
  }
  const r = RulesFileSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    return { ok: false, problem: { kind: 'invalid', path: issue.path.join('.') || '(file)', message: issue.message } };
  }
  const presetIds = new Set(r.data.presets.map((p) => p.id));
  const orphan = r.data.rules.findIndex((rule) => rule.presetId !== null && !presetIds.has(rule.presetId));
  if (orphan !== -1) return { ok: false, problem: { kind: 'invalid', path: `rules.${orphan}.presetId`, message: 'names a preset not in the file' } };
  return { ok: true, file: r.data };
}

/** The file exported for an account's rules (with the presets they name). */
export function rulesFileOf(data: AccountLinkRules): RulesFile {
  const named = new Set(data.rules.map((r) => r.presetId).filter((p): p is string => p !== null));
  return { linkshortSiteRules: 1, rules: data.rules, presets: data.presets.filter((p) => named.has(p.id)) };
}
