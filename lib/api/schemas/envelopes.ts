/** The main group's envelopes: a page of a list, a message, an id, a record beside `error`. */
import * as z from 'zod/mini';
import { toPlainText } from '@/lib/api/plainText';
import { lazySchema } from '@/lib/api/lazySchema';
import { intLike, idSchema, successFlag, textSchema } from './primitives';

/**
 * A page of a list: the documented envelope; broken items are dropped and counted. The items
 * are checked on first use (`items`, `dropped`): a list's first page says how many pages follow
 * before its hundred items are checked, and those pages leave first (lib/api/paginate.ts).
 */
export function listPageSchema<T extends z.ZodMiniType>(arrayName: string, item: T) {
  return z.pipe(
    z.object({
      error: successFlag,
      data: z.record(z.string(), z.unknown()),
    }),
    z.transform(({ data }): ListPage<z.infer<T>> => {
      const raw = Array.isArray(data[arrayName]) ? (data[arrayName] as unknown[]) : [];
      let checked: { items: z.infer<T>[]; dropped: number } | null = null;
      const check = () => {
        if (checked) return checked;
        const items: z.infer<T>[] = [];
        let dropped = 0;
        for (const entry of raw) {
          const r = item.safeParse(entry);
          if (r.success) items.push(r.data as z.infer<T>);
          else dropped++;
        }
        return (checked = { items, dropped });
      };
      const num = (k: string) => {
        const r = intLike.safeParse(data[k]);
        return r.success ? r.data : null;
      };
      const result = num('result');
      const perpage = num('perpage');
      return {
        size: raw.length,
        get items() {
          return check().items;
        },
        get dropped() {
          return check().dropped;
        },
        get result() {
          return result ?? check().items.length;
        },
        get perpage() {
          return perpage ?? check().items.length;
        },
        currentpage: num('currentpage') ?? 1,
        nextpage: num('nextpage'), // null (or 0) on the last page
        maxpage: num('maxpage') ?? 1,
      };
    }),
  );
}
export interface ListPage<T> {
  /** How many entries the page holds, checked or not. */
  size: number;
  items: T[];
  dropped: number;
  result: number;
  perpage: number;
  currentpage: number;
  nextpage: number | null;
  maxpage: number;
}

export const MessageResponse = lazySchema(() =>
  z.pipe(
    z.object({ error: successFlag, message: z.optional(textSchema) }),
    z.transform((r) => ({ message: toPlainText(r.message ?? '') })),
  ),
);
export const IdResponse = lazySchema(() =>
  z.pipe(
    z.object({ error: successFlag, id: idSchema }),
    z.transform((r) => ({ id: r.id })),
  ),
);

/** A success envelope holding a record of `schema` beside `error` (a create or update answer). */
export const recordResponse = <T extends z.ZodMiniType>(schema: T, unreadable: string) =>
  z.pipe(
    z.looseObject({ error: successFlag }),
    z.transform((r, ctx): z.output<T> => {
      const c = schema.safeParse(r);
      if (!c.success) {
        ctx.issues.push({ code: 'custom', message: unreadable, input: r });
        return z.NEVER;
      }
      return c.data as z.output<T>;
    }),
  );
