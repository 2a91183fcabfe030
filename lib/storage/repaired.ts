/**
 * What a stored value becomes when it is read through its schema: the value the extension can
 * use, and whether the user lost something on the way (docs/ARCHITECTURE.md, "Stored state").
 */
import type * as z from 'zod/mini';

/** A read value; `lost`: something the user would miss was dropped (they are told once); `changed`: storage should be rewritten. */
export interface Repaired<T> {
  value: T;
  lost: boolean;
  changed: boolean;
}

/** Turns a raw stored value into a usable one (never throws). */
export type Repair<T> = (raw: unknown) => Repaired<T>;

/** A value read as it was. */
export const kept = <T>(value: T): Repaired<T> => ({ value, lost: false, changed: false });

/**
 * A list read entry by entry: an entry that does not fit its schema is dropped (not the list),
 * a list longer than `max` keeps its first `max` entries, and anything but a list is emptied.
 * `lostOnTrim`: whether entries cut by `max` count as lost (they are when nothing else keeps them).
 */
export function repairList<S extends z.ZodMiniType>(entry: S, max: number, lostOnTrim = true): Repair<z.output<S>[]> {
  return (raw) => {
    if (raw == null) return kept([]);
    if (!Array.isArray(raw)) return { value: [], lost: true, changed: true };
    const value: z.output<S>[] = [];
    let dropped = 0;
    for (const e of raw) {
      if (value.length >= max) break;
      const r = entry.safeParse(e);
      if (r.success) value.push(r.data);
      else dropped++;
    }
    const trimmed = raw.length - dropped > max;
    return { value, lost: dropped > 0 || (trimmed && lostOnTrim), changed: dropped > 0 || trimmed };
  };
}

/**
 * A value read whole: what does not fit its schema becomes `fallback`; `quiet` when nothing the
 * user would miss goes with it (a cache, the rate budgets: the worker fetches or learns them again).
 */
export function repairWhole<S extends z.ZodMiniType>(schema: S, fallback: z.output<S>, quiet = false): Repair<z.output<S>> {
  return (raw) => {
    if (raw == null) return kept(fallback);
    const r = schema.safeParse(raw);
    if (r.success) return kept(r.data);
    return { value: fallback, lost: !quiet, changed: true };
  };
}
