/**
 * The one module that touches the browser's sync area (`storage.sync`): it holds the synced
 * conventions of each account (presets, rules, the QR style's colours; lib/storage/syncRecord.ts)
 * and nothing else: never the key, Recent links, the queue or the cache. Every key written is
 * checked to be one of the conventions' (docs/ARCHITECTURE.md, "Synced conventions").
 */
import { browser } from '@wxt-dev/browser';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazySchema';
import { SiteRuleSchema, UtmPresetSchema } from '@/lib/links/linkRules';
import { emptyRecord, type Stamped, type SyncRecord } from './syncRecord';
import { SYNC_PREFIX } from './syncSplit';
import { storedItem } from './storedItem';
import { KEYS } from './keys';

/** The preference "Sync presets, rules and QR style" (off until the user turns it on). */
export const syncPrefItem = storedItem<{ enabled: boolean }>(`local:${KEYS.syncConventions}`, { enabled: false });

/** What this browser last agreed with the sync area, per account (by fingerprint): its sync name, the record, and what could not be synced. */
export interface SyncShadow {
  account: string;
  record: SyncRecord;
  /** The record passed the area's quota: nothing of it was written (it stays in this browser). */
  tooLarge?: boolean;
  /** The account's QR style has a logo: it stays in this browser. */
  logoKept?: boolean;
}
export const syncShadowItem = storedItem<Record<string, SyncShadow>>(`local:${KEYS.syncShadow}`, {});

/** What the options page shows of the sync. */
export interface SyncStatus {
  enabled: boolean;
  /** The QR style's logo stays in this browser (too large for the sync area). */
  logoKept: boolean;
  /** Presets and rules together pass the sync area's quota: they stay in this browser. */
  tooLarge: boolean;
}

/** The sync area's items of the extension. */
export async function readSyncArea(): Promise<Record<string, unknown>> {
  const all = (await browser.storage.sync.get(null)) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith(SYNC_PREFIX)));
}

/** Writes a batch in one set() call (and one remove() of chunks no longer used); a key that is not the conventions' is refused. */
export async function writeSyncArea(set: Record<string, unknown>, remove: string[] = []): Promise<void> {
  const wrong = [...Object.keys(set), ...remove].find((k) => !k.startsWith(SYNC_PREFIX));
  if (wrong !== undefined) throw new Error(`Only the synced conventions go to storage.sync, not ${wrong}`);
  if (Object.keys(set).length) await browser.storage.sync.set(set);
  if (remove.length) await browser.storage.sync.remove(remove);
}

/** The conventions' keys another browser changed, from a storage.onChanged event (none for another area). */
export function syncChangedKeys(changes: Record<string, unknown>, area: string): string[] {
  return area === 'sync' ? Object.keys(changes).filter((k) => k.startsWith(SYNC_PREFIX)) : [];
}

const stamp = <T>(value: z.ZodMiniType<T>) => z.object({ t: z.number(), v: z.optional(value), d: z.optional(z.literal(1)) });
const StyleSchema = lazySchema(() =>
  z.nullable(
    z.object({ foreground: z.string().check(z.regex(/^#[0-9a-f]{6}$/i)), background: z.string().check(z.regex(/^#[0-9a-f]{6}$/i)) }),
  ),
);

/** Each entry of a synced list checked alone: a wrong one (written by another version, cut) is dropped, the rest kept. */
function entries<T>(schema: z.ZodMiniType<T>, raw: unknown): Record<string, Stamped<T>> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, Stamped<T>> = {};
  for (const [id, e] of Object.entries(raw)) {
    const r = stamp(schema).safeParse(e);
    if (!r.success || (r.data.d !== 1 && r.data.v === undefined) || (r.data.v && (r.data.v as { id?: unknown }).id !== id)) continue;
    out[id] = r.data as Stamped<T>;
  }
  return out;
}

/** A record read from the sync area, repaired: what is wrong takes the empty record's value. */
export function repairRecord(raw: unknown): SyncRecord {
  const base = emptyRecord();
  if (!raw || typeof raw !== 'object') return base;
  const r = raw as Record<string, unknown>;
  const order = (r.order ?? {}) as Record<string, unknown>;
  const ids = stamp(z.array(z.string()));
  const style = stamp(StyleSchema).safeParse(r.style);
  return {
    presets: entries(UtmPresetSchema, r.presets),
    rules: entries(SiteRuleSchema, r.rules),
    order: {
      presets: ids.safeParse(order.presets).data ?? base.order.presets,
      rules: ids.safeParse(order.rules).data ?? base.order.rules,
    },
    style: style.success ? (style.data as Stamped<z.infer<typeof StyleSchema>>) : base.style,
  };
}
