/**
 * How each stored item is read: its schema, and what is kept of a value that does not fit
 * (docs/ARCHITECTURE.md, "Stored state"). Each item's module in lib/storage declares it with its repair.
 */
import * as z from 'zod/mini';
import { isCopyFormat } from '@/lib/links/copyFormat';
import { bulkRowSchema, historyEntrySchema, jobSchema, unsentSchema } from './entries';
import { HISTORY_LIMITS, MAX_CONNECTION_NAME, MAX_HISTORY_LIMIT, TOLD_ITEMS } from './names';
import { kept, repairList, repairWhole, type Repair, type Repaired } from './repaired';
import { isRecord } from './isRecord';
import { lazySchema } from '@/lib/api/lazySchema';

/** A saved service URL: an http(s) address (saving checked the rest). */
const serviceUrl = lazySchema(() =>
  z.string().check(
    z.maxLength(2048),
    z.refine((u) => /^https?:\/\/[^/]/i.test(u) && parses(u)),
  ),
);

/** Whether a text is a URL (URL.canParse is newer than some browsers this runs in). */
function parses(u: string): boolean {
  try {
    return !!new URL(u);
  } catch {
    return false;
  }
}

/** A connection as stored: service URL, key, the header form that worked, and its name. */
export const connectionSchema = lazySchema(() =>
  z.object({
    serviceUrl,
    apiKey: z.string().check(z.maxLength(500), z.regex(/^\S*$/)),
    shortenAuth: z.catch(z.optional(z.enum(['bearer', 'x-api-key'])), undefined),
    name: z.catch(z.optional(z.string().check(z.maxLength(MAX_CONNECTION_NAME))), undefined),
  }),
);

/** The connection: a wrong URL loses it (the key is sent only to its own origin); a wrong key keeps the URL. */
export const repairConnection: Repair<z.output<typeof connectionSchema> | null> = (raw) => {
  if (raw == null) return kept(null);
  const r = connectionSchema.safeParse(raw);
  if (r.success) return kept(r.data);
  const url = isRecord(raw) ? serviceUrl.safeParse(raw.serviceUrl) : null;
  return { value: url?.success ? { serviceUrl: url.data, apiKey: '' } : null, lost: true, changed: true };
};

/** The key-free state the worker writes beside the connection (it writes it again from the connection). */
export const repairConnectionState = repairWhole(
  lazySchema(() =>
    z.nullable(
      z.object({
        connected: z.boolean(),
        fingerprint: z.nullable(z.string()),
        accounts: z.catch(z.optional(z.array(z.object({ fingerprint: z.string(), name: z.string() }))), undefined),
        orgConventions: z.catch(z.optional(z.boolean()), undefined),
      }),
    ),
  ),
  null,
  true,
);

/** Whether `v` is a right value for a preference whose default is `fallback` (same kind). */
export function fitsSetting(k: string, v: unknown, fallback: unknown): boolean {
  if (typeof fallback === 'boolean') return typeof v === 'boolean';
  if (k === 'copyFormat') return isCopyFormat(v);
  if (k === 'historyLimit') return (HISTORY_LIMITS as readonly unknown[]).includes(v);
  return v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0);
}

/** The preferences, member by member: a missing one (an earlier version) or a wrong one gets its default. */
export function repairSettings<T extends object>(defaults: T): Repair<T> {
  return (raw) => {
    if (raw == null) return kept({ ...defaults });
    if (!isRecord(raw)) return { value: { ...defaults }, lost: true, changed: true };
    const value: Record<string, unknown> = {};
    let lost = false;
    let changed = false;
    for (const [k, fallback] of Object.entries(defaults)) {
      const v = raw[k];
      if (v === undefined) changed = true;
      else if (!fitsSetting(k, v, fallback)) lost = changed = true;
      value[k] = v === undefined || !fitsSetting(k, v, fallback) ? fallback : v;
    }
    return { value: value as T, lost, changed };
  };
}

/** Recent links: a wrong entry is dropped, not the list; at most the largest "Keep recent links". */
export const repairHistory = repairList(historyEntrySchema, MAX_HISTORY_LIMIT);
/** The job queue: a wrong job is dropped (it could not be run), never the others. */
export const repairQueue = repairList(jobSchema, Number.MAX_SAFE_INTEGER);
/** Links not made because the account changed. */
export const repairUnsent = repairList(unsentSchema, 10_000);

const cacheEntry = <S extends z.ZodMiniType>(value: S) => z.object({ value, fetchedAt: z.number() });
const cachedList = lazySchema(() => cacheEntry(z.array(z.record(z.string(), z.unknown()))));
const cachedAccount = lazySchema(() => cacheEntry(z.record(z.string(), z.unknown())));
/** The cache of one account: a wrong list or account is dropped (the worker fetches it again); never told. */
export function repairCache<T>(raw: unknown): Repaired<T | null> {
  if (raw == null) return kept(null);
  if (!isRecord(raw) || typeof raw.fingerprint !== 'string') return { value: null, lost: false, changed: true };
  const lists: Record<string, unknown> = {};
  let changed = !isRecord(raw.lists);
  for (const [name, entry] of Object.entries(isRecord(raw.lists) ? raw.lists : {})) {
    if (cachedList.safeParse(entry).success) lists[name] = entry;
    else changed = true;
  }
  const account = raw.account === undefined || cachedAccount.safeParse(raw.account).success ? raw.account : undefined;
  if (account !== raw.account) changed = true;
  const value = { fingerprint: raw.fingerprint, lists, ...(account ? { account } : {}) };
  return { value: value as T, lost: false, changed };
}

const budgetState = lazySchema(() =>
  z.object({
    limit: z.number(),
    remaining: z.number(),
    resetAt: z.number(),
    windowMs: z.number(),
    learned: z.boolean(),
    serverResetAt: z.optional(z.number()),
    windowLearned: z.optional(z.boolean()),
    windowGuessMs: z.optional(z.number()),
    refusedUntil: z.optional(z.number()),
    shared: z.optional(z.boolean()),
    heard: z.optional(z.boolean()),
  }),
);
const budgetStates = lazySchema(() => z.record(z.string(), budgetState));
const oneAccountBudgets = lazySchema(() => z.object({ fingerprint: z.string(), states: budgetStates }));
/**
 * The rate budgets of each account, by fingerprint: wrong ones are forgotten (the server's next
 * answer teaches them again); never told. The one account's budgets of earlier versions are kept.
 */
export const repairBudgets: Repair<Record<string, Record<string, z.output<typeof budgetState>>>> = (raw) => {
  if (raw == null) return kept({});
  const old = oneAccountBudgets.safeParse(raw);
  if (old.success) return { value: { [old.data.fingerprint]: old.data.states }, lost: false, changed: true };
  if (!isRecord(raw)) return { value: {}, lost: false, changed: true };
  const value: Record<string, Record<string, z.output<typeof budgetState>>> = {};
  for (const [fp, states] of Object.entries(raw)) {
    const r = budgetStates.safeParse(states);
    if (r.success) value[fp] = r.data; // an account's wrong budgets go alone
  }
  return Object.keys(value).length === Object.keys(raw).length ? kept(value) : { value, lost: false, changed: true };
};

const bulkHead = lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1), z.maxLength(200)),
    createdAt: z.number(),
    fingerprint: z.string(),
    service: z.string(),
    domainId: z.nullable(z.int()),
    campaignId: z.nullable(z.int()),
    channelId: z._default(z.nullable(z.int()), null),
    items: z.array(z.unknown()),
  }),
);
const bulkRows = repairList(bulkRowSchema, 1000);
/** The bulk batch: a wrong row is dropped, a batch without its head is forgotten (its links are in Recent links). */
export function repairBulk(
  raw: unknown,
): Repaired<(Omit<z.output<typeof bulkHead>, 'items'> & { items: z.output<typeof bulkRowSchema>[] }) | null> {
  if (raw == null) return kept(null);
  const head = bulkHead.safeParse(raw);
  if (!head.success) return { value: null, lost: true, changed: true };
  const rows = bulkRows(head.data.items);
  return { value: { ...head.data, items: rows.value }, lost: rows.lost, changed: rows.changed };
}

/** The items whose loss the pages have not told yet. */
export const repairNotices = repairList(
  lazySchema(() => z.enum(TOLD_ITEMS)),
  TOLD_ITEMS.length,
  false,
);

const preset = <S extends z.ZodMiniType>(value: S) => z.object({ value, locked: z.boolean() });
const managedPolicy = lazySchema(() =>
  z.object({
    serviceUrl: z.optional(preset(z.string())),
    settings: z.record(z.string(), preset(z.union([z.boolean(), z.number()]))),
    ignored: z.array(z.object({ key: z.string(), reason: z.string() })),
    // The organisation's presets, rules and QR style: checked again where they are read (lib/links/orgRules.ts).
    org: z.optional(z.record(z.string(), z.unknown())),
  }),
);
/** The organisation's policy as last read: a wrong one is forgotten quietly (the worker reads storage.managed again). */
export const repairPolicy = repairWhole(
  lazySchema(() => z.nullable(z.object({ policy: managedPolicy, applied: z.record(z.string(), z.unknown()) }))),
  null,
  true,
);
