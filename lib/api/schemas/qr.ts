/** A QR code, its statistics (empty when the service sends `[]`), its create and detail answers. */
import * as z from 'zod/mini';
import { toPlainText } from '@/lib/api/plainText';
import { lazySchema } from '@/lib/api/lazySchema';
import { countSchema, idSchema, safeUrlSchema, successFlag, textSchema } from './primitives';

export const QrSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    type: z.optional(textSchema), // not in the interface's record: kept when a deployment sends it
    link: safeUrlSchema,
    scans: countSchema,
    name: textSchema,
    date: textSchema,
  }),
);
export type Qr = z.infer<typeof QrSchema>;

/** name → count, counts as strings or numbers; anything else becomes {}. */
const countMap = lazySchema(() =>
  z.catch(
    z.pipe(
      z.record(z.string(), z.unknown()),
      z.transform((m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [toPlainText(k, 80), countSchema.parse(v)]))),
    ),
    {},
  ),
);

export const QrStatsSchema = lazySchema(() =>
  z.object({
    clicks: countSchema,
    uniqueClicks: countSchema,
    topCountries: countMap,
    topReferrers: countMap,
    topBrowsers: countMap,
    topOs: countMap,
    socialCount: countMap,
  }),
);
export type QrStats = z.infer<typeof QrStatsSchema>;

/** Statistics that are empty: `[]`, missing, or unreadable. */
export const EMPTY_QR_STATS: QrStats = {
  clicks: 0,
  uniqueClicks: 0,
  topCountries: {},
  topReferrers: {},
  topBrowsers: {},
  topOs: {},
  socialCount: {},
};

export const QrAddResponse = lazySchema(() =>
  z.pipe(
    z.object({ error: successFlag, id: idSchema, link: safeUrlSchema }),
    z.transform((r) => ({ id: r.id, link: r.link })),
  ),
);
export const QrDetailResponse = lazySchema(() =>
  z.pipe(
    z.object({ error: successFlag, details: QrSchema, data: z.optional(z.unknown()) }),
    z.transform((r) => {
      const stats = QrStatsSchema.safeParse(r.data);
      const hasStats = stats.success && r.data !== null && typeof r.data === 'object' && !Array.isArray(r.data);
      return { details: r.details, stats: hasStats ? stats.data : EMPTY_QR_STATS, statsEmpty: !hasStats };
    }),
  ),
);
export type QrDetail = z.infer<typeof QrDetailResponse>;
