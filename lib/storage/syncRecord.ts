/**
 * What the browser's sync area holds of one account's conventions (UTM presets, site rules, the
 * QR style's colours), each entry stamped with the time of its last change, and the merge of two
 * such records: the later change of each entry wins, a deletion is kept as a stamped tombstone
 * (pruned after TOMBSTONE_DAYS), and entries are matched by their stable ids, so nothing is
 * duplicated (docs/ARCHITECTURE.md, "Synced conventions").
 */
import type { SiteRule, UtmPreset } from '@/lib/links/linkRules';

/** One entry as synced: its value, or `d` when it was deleted, and when that happened (`t`, ms). */
export interface Stamped<T> {
  t: number;
  v?: T;
  d?: 1;
}
/** The QR style as synced: its colours (a logo stays in the browser it was picked in). */
export interface SyncedStyle {
  foreground: string;
  background: string;
}
/** One account's synced conventions. */
export interface SyncRecord {
  presets: Record<string, Stamped<UtmPreset>>;
  rules: Record<string, Stamped<SiteRule>>;
  /** The order of each list (a rule listed first wins a tie), with when it last changed. */
  order: { presets: Stamped<string[]>; rules: Stamped<string[]> };
  style: Stamped<SyncedStyle | null>;
}
/** What one browser holds of an account's conventions. */
export interface LocalConventions {
  presets: UtmPreset[];
  rules: SiteRule[];
  style: SyncedStyle | null;
}

/** How long a deletion is remembered: a browser offline for longer may bring the entry back. */
export const TOMBSTONE_DAYS = 30;
const DAY_MS = 86_400_000;

/** A record with nothing in it (every stamp 0: anything else is later). */
export const emptyRecord = (): SyncRecord => ({
  presets: {},
  rules: {},
  order: { presets: { t: 0, v: [] }, rules: { t: 0, v: [] } },
  style: { t: 0, v: null },
});

/** JSON with sorted members: the same value always reads the same (stored and parsed values may order members differently). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The later of two stamped entries; at the same time the larger by canonical JSON, so that both browsers choose the same. */
function later<T>(a: Stamped<T> | undefined, b: Stamped<T> | undefined): Stamped<T> | undefined {
  if (!a || !b) return a ?? b;
  if (a.t !== b.t) return a.t > b.t ? a : b;
  return canonical(a) >= canonical(b) ? a : b;
}

/** Each id's later entry; tombstones older than TOMBSTONE_DAYS dropped. */
function mergeEntries<T>(a: Record<string, Stamped<T>>, b: Record<string, Stamped<T>>, now: number): Record<string, Stamped<T>> {
  const out: Record<string, Stamped<T>> = {};
  for (const id of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const win = later(Object.hasOwn(a, id) ? a[id] : undefined, Object.hasOwn(b, id) ? b[id] : undefined)!;
    if (win.d && now - win.t > TOMBSTONE_DAYS * DAY_MS) continue;
    out[id] = win;
  }
  return out;
}

/** Merges two records entry by entry (the same result whichever comes first). */
export function mergeRecords(a: SyncRecord, b: SyncRecord, now: number): SyncRecord {
  return {
    presets: mergeEntries(a.presets, b.presets, now),
    rules: mergeEntries(a.rules, b.rules, now),
    order: { presets: later(a.order.presets, b.order.presets)!, rules: later(a.order.rules, b.order.rules)! },
    style: later(a.style, b.style)!,
  };
}

/** The live entries of a list: in the record's order, then those it does not name (by time, then id). */
function liveList<T>(entries: Record<string, Stamped<T>>, order: string[]): T[] {
  const live = Object.entries(entries).filter(([, e]) => !e.d && e.v !== undefined);
  const rank = new Map(order.map((id, i) => [id, i]));
  live.sort(([ia, a], [ib, b]) => (rank.get(ia) ?? Infinity) - (rank.get(ib) ?? Infinity) || a.t - b.t || (ia < ib ? -1 : ia > ib ? 1 : 0));
  return live.map(([, e]) => e.v as T);
}

/** What a browser keeps from a record. */
export function conventionsOf(record: SyncRecord): LocalConventions {
  return {
    presets: liveList(record.presets, record.order.presets.v ?? []),
    rules: liveList(record.rules, record.order.rules.v ?? []),
    style: record.style.v ?? null,
  };
}

/** Stamps a list against the last record: an entry unchanged keeps its stamp, a new or changed one gets `now`, one gone a tombstone. */
function stampList<T extends { id: string }>(before: Record<string, Stamped<T>>, list: T[], now: number): Record<string, Stamped<T>> {
  const out: Record<string, Stamped<T>> = {};
  for (const [id, e] of Object.entries(before)) out[id] = e.d ? e : { t: now, d: 1 };
  for (const item of list) {
    const old = Object.hasOwn(before, item.id) ? before[item.id] : undefined;
    out[item.id] = old && !old.d && canonical(old.v) === canonical(item) ? old : { t: now, v: item };
  }
  return out;
}

/** Keeps a stamp when the value is the same, else stamps `now`. */
function stampOne<T>(before: Stamped<T>, value: T, now: number): Stamped<T> {
  return canonical(before.v ?? null) === canonical(value) ? before : { t: now, v: value };
}

/**
 * The record of what this browser holds now, given the record it last agreed on (`before`): what
 * changed since is stamped `now`, what went is a tombstone (this browser's changes, made while
 * the record was not looking, become entries the merge can weigh).
 */
export function stampLocal(before: SyncRecord, local: LocalConventions, now: number): SyncRecord {
  return {
    presets: stampList(before.presets, local.presets, now),
    rules: stampList(before.rules, local.rules, now),
    order: {
      presets: stampOne(
        before.order.presets,
        local.presets.map((p) => p.id),
        now,
      ),
      rules: stampOne(
        before.order.rules,
        local.rules.map((r) => r.id),
        now,
      ),
    },
    style: stampOne(before.style, local.style, now),
  };
}
