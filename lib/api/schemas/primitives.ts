/**
 * The tolerant primitives every schema of the service is made of (numbers as strings, missing
 * members, URLs that are not http(s)), and zod's configuration, set before any schema is built.
 */
import * as z from 'zod/mini';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { lazySchema } from '@/lib/api/lazySchema';

// Extension pages forbid eval (CSP script-src 'self'); zod would otherwise try `new Function`
// to speed up parsing, fail, and leave a CSP report in the console.
z.config({ jitless: true });
/** An integer that may arrive as a numeric string. */
export const intLike = lazySchema(() => z.union([z.int(), z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+$/)), z.transform(Number))]));
/** An id: a positive integer (or numeric string). */
export const idSchema = lazySchema(() => z.pipe(intLike, z.int().check(z.nonnegative())));
/** A count: any number-ish value, missing or broken becomes 0. */
export const countSchema = lazySchema(() =>
  z.catch(z.union([z.number(), z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number))]), 0),
);
/** A text member: missing or not a string becomes ''. Numbers are kept as their text. */
export const textSchema = lazySchema(() => z.catch(z.union([z.string(), z.pipe(z.number(), z.transform(String))]), ''));
/** A boolean that may arrive as 0/1, "0"/"1", "true"/"false". */
export const boolLike = lazySchema(() =>
  z.catch(
    z.union([
      z.boolean(),
      z.pipe(
        z.number(),
        z.transform((n) => n !== 0),
      ),
      z.pipe(
        z.string(),
        z.transform((s) => s === '1' || s.toLowerCase() === 'true'),
      ),
    ]),
    false,
  ),
);
/** A URL the UI may put in href/src: http(s) only, else null (a missing member too). */
export const safeUrlSchema = lazySchema(() => z.pipe(z.optional(z.unknown()), z.transform(safeHttpUrl)));
/** The `error` member of a success: 0 or "0". */
export const successFlag = lazySchema(() => z.union([z.literal(0), z.literal('0')]));
