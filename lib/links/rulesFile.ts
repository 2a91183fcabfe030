/**
 * The file of exported site rules and how it is imported into an account. A rule names its
 * domain, campaign and channel by the account's numbers, which mean other things in another
 * account: the file carries their names beside the numbers, and an import matches by number where
 * the name agrees, else by name; what matches nothing is listed before anything is changed. A file
 * without names (an older export) is matched by number, and the import says so. The file also
 * names the account it was exported from (its service and name, never an id alone) and carries
 * the account's QR style (lib/links/styleFile.ts); a file without them (an older export) imports
 * its rules alone, with no account named.
 */
import * as z from 'zod/mini';
import { SiteRuleSchema, UtmPresetSchema, type AccountLinkRules, type SiteRule, type UtmPreset } from './linkRules';
import { parseSite, siteLabel } from './siteRules';
import type { FileStyle } from './styleFile';
import { lazySchema } from '@/lib/api/lazySchema';

const name = lazySchema(() => z.optional(z.string().check(z.maxLength(500))));

/** A rule as exported: the rule, and the names of what its numbers stood for in its account. */
const FileRuleSchema = lazySchema(() =>
  z.object({ ...SiteRuleSchema.shape, names: z.optional(z.object({ domain: name, campaign: name, channel: name })) }),
);

/** The account a file was exported from, by name: its service's address and the account's name there. */
export interface FileAccount {
  service: string;
  name: string;
}
const FileAccountSchema = lazySchema(() =>
  z.object({ service: z.string().check(z.maxLength(2000)), name: z.string().check(z.maxLength(500)) }),
);

/** The file of exported rules: the rules and the presets they name, the account they came from and its QR style. */
export const RulesFileSchema = lazySchema(() =>
  z.object({
    linkshortSiteRules: z.literal(1),
    // Said, never trusted: a damaged account is as good as none.
    account: z.catch(z.optional(FileAccountSchema), undefined),
    rules: z.array(FileRuleSchema).check(z.maxLength(1000)),
    presets: z.array(UtmPresetSchema).check(z.maxLength(1000)),
    // Read member by member when imported (styleFile.ts): a wrong member never refuses the rules.
    qrStyle: z.optional(z.unknown()),
  }),
);
export type RulesFile = z.infer<typeof RulesFileSchema>;
type FileRule = RulesFile['rules'][number];

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
  if (orphan !== -1)
    return { ok: false, problem: { kind: 'invalid', path: `rules.${orphan}.presetId`, message: 'names a preset not in the file' } };
  return { ok: true, file: r.data };
}

/** The account's domains, campaigns and channels by number and name (null: not known now). */
export interface NamedLists {
  domains: readonly { id: number | null; domain: string }[] | null;
  campaigns: readonly { id: number; name: string }[] | null;
  channels: readonly { id: number; name: string }[] | null;
}

/** The three parts a rule names by number. */
export type TransferPart = 'domain' | 'campaign' | 'channel';
const PARTS = [
  ['domain', 'domainId', 'domains'],
  ['campaign', 'campaignId', 'campaigns'],
  ['channel', 'channelId', 'channels'],
] as const;

const namesOf = (lists: NamedLists, part: TransferPart) =>
  part === 'domain'
    ? (lists.domains?.flatMap((d) => (d.id === null ? [] : [{ id: d.id, name: d.domain }])) ?? null)
    : ((part === 'campaign' ? lists.campaigns : lists.channels)?.map((x) => ({ id: x.id, name: x.name })) ?? null);

/** The file exported for an account's rules: the presets they name, the names of their domain, campaign and channel, and (when given) the account and its QR style. */
export function rulesFileOf(data: AccountLinkRules, lists: NamedLists, more: { account?: FileAccount; style?: FileStyle } = {}): RulesFile {
  const named = new Set(data.rules.map((r) => r.presetId).filter((p): p is string => p !== null));
  const rules = data.rules.map((rule): FileRule => {
    const names: NonNullable<FileRule['names']> = {};
    for (const [part, key] of PARTS) {
      const found = rule[key] === null ? undefined : namesOf(lists, part)?.find((x) => x.id === rule[key]);
      if (found?.name) names[part] = found.name;
    }
    return Object.keys(names).length ? { ...rule, names } : rule;
  });
  return {
    linkshortSiteRules: 1,
    ...(more.account ? { account: more.account } : {}),
    rules,
    presets: data.presets.filter((p) => named.has(p.id)),
    ...(more.style ? { qrStyle: more.style } : {}),
  };
}

/** A part of an imported rule that matched nothing in this account: left to the default. */
export interface Unmatched {
  site: string;
  part: TransferPart;
  /** The name in the file ('' for an older file without names), and its number there. */
  name: string;
  id: number;
}

/** What an import will do, shown before anything is changed. */
export interface ImportPlan {
  rules: SiteRule[];
  presets: UtmPreset[];
  unmatched: Unmatched[];
  /** Rules left out because an earlier rule of the file has the same site (the form refuses that too). */
  duplicates: string[];
  /** Rules left out because nothing they choose is in this account (the form refuses a rule choosing nothing). */
  empty: string[];
  /** The file has no names (an older export): matched by number. */
  byNumber: boolean;
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Matches one number of a rule: by number where the name agrees (or the file has none), else by name. */
function matchPart(
  id: number | null,
  fileName: string | undefined,
  list: { id: number; name: string }[] | null,
): { id: number | null; found: boolean } {
  if (id === null) return { id: null, found: true };
  if (list === null) return { id, found: true }; // not known now: trusted, as the rules themselves do
  const byId = list.find((x) => x.id === id);
  if (fileName === undefined) return byId ? { id, found: true } : { id: null, found: false };
  if (byId && same(byId.name, fileName)) return { id, found: true };
  const byName = list.filter((x) => same(x.name, fileName));
  return byName.length === 1 ? { id: byName[0]!.id, found: true } : { id: null, found: false };
}

/**
 * How `file` lands in the account: its rules replace the list, matched part by part against the
 * account's lists; its presets replace the account's of the same name or join them (never a
 * second of one name); a second rule for a site already in the file, and a rule left choosing
 * nothing, are left out.
 */
export function planImport(file: RulesFile, current: AccountLinkRules, lists: NamedLists): ImportPlan {
  const byNumber = file.rules.some((r) => PARTS.some(([, key]) => r[key] !== null)) && file.rules.every((r) => !r.names);
  // Presets: a file's preset replaces the account's of the same name (keeping its number), else joins them.
  const presetIdOf = new Map<string, string>();
  const presets = [...current.presets];
  for (const p of file.presets) {
    const own = presets.findIndex((c) => same(c.name, p.name));
    const id = own !== -1 ? presets[own]!.id : presets.some((c) => c.id === p.id) ? `${p.id}-${presets.length}` : p.id;
    if (own !== -1) presets[own] = { ...p, id };
    else presets.push({ ...p, id });
    presetIdOf.set(p.id, id);
  }
  const unmatched: Unmatched[] = [];
  const duplicates: string[] = [];
  const empty: string[] = [];
  const seen = new Set<string>();
  const rules: SiteRule[] = [];
  for (const { names, ...rule } of file.rules) {
    const label = siteLabel(parseSite(rule.site)!);
    if (seen.has(label)) {
      duplicates.push(label);
      continue;
    }
    seen.add(label);
    const next: SiteRule = { ...rule, presetId: rule.presetId === null ? null : (presetIdOf.get(rule.presetId) ?? null) };
    for (const [part, key] of PARTS) {
      const m = matchPart(rule[key], names?.[part], namesOf(lists, part));
      next[key] = m.id;
      if (!m.found) unmatched.push({ site: label, part, name: names?.[part] ?? '', id: rule[key]! });
    }
    if (next.domainId === null && next.campaignId === null && next.channelId === null && next.presetId === null) empty.push(label);
    else rules.push(next);
  }
  return { rules, presets, unmatched, duplicates, empty, byNumber };
}
