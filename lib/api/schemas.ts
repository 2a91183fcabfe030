/**
 * Zod schemas of every resource and response envelope of the service, tolerant of what
 * real deployments send (docs/ARCHITECTURE.md, "Real deployments"):
 * numbers as strings, missing members, extra members (stripped), values outside the
 * documented enumerations (kept as strings), URLs that are not http(s) (dropped to null),
 * `nextpage: null`, statistics as `[]`, a campaign's name under `domain`.
 */
import * as z from 'zod/mini';
import { safeHttpUrl } from './safeUrl';
import { toPlainText } from './plainText';
import { lazySchema } from './lazySchema';

// Extension pages forbid eval (CSP script-src 'self'); zod would otherwise try `new Function`
// to speed up parsing, fail, and leave a CSP report in the console.
z.config({ jitless: true });

// ---------- tolerant primitives ----------

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

// ---------- resources ----------

export const AccountSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    email: textSchema,
    username: textSchema,
    avatar: safeUrlSchema,
    status: textSchema, // plan: 'pro' occurs; anything else is kept as is
    expires: textSchema,
    registered: textSchema,
  }),
);
export type Account = z.infer<typeof AccountSchema>;

/** A branded domain; shared domains can carry `id: null` and cannot be sent as domain_id. */
export const DomainSchema = lazySchema(() =>
  z.object({
    id: z.catch(z.nullable(idSchema), null),
    domain: textSchema,
    redirectroot: textSchema,
    redirect404: textSchema,
  }),
);
export type Domain = z.infer<typeof DomainSchema>;

export const OverlaySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    type: textSchema, // 'message', 'contact' and others
    name: textSchema,
    date: textSchema,
  }),
);
export type Overlay = z.infer<typeof OverlaySchema>;

/** A campaign; the name may come under `domain` (create/update answers, one list item). */
export const CampaignSchema = lazySchema(() =>
  z.pipe(
    z.object({
      id: idSchema,
      name: z.catch(z.optional(z.string()), undefined),
      domain: z.catch(z.optional(z.string()), undefined),
      public: boolLike,
      rotator: z.optional(z.unknown()), // false, a URL, or missing
      list: safeUrlSchema,
    }),
    z.transform((c) => ({
      id: c.id,
      name: c.name ?? c.domain ?? '',
      public: c.public,
      rotator: safeHttpUrl(c.rotator), // false (no rotator) and non-http values become null
      list: c.list,
    })),
  ),
);
export type Campaign = z.infer<typeof CampaignSchema>;

export const ChannelSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    name: textSchema,
    description: textSchema,
    color: z.pipe(
      textSchema,
      z.transform((c) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : '')),
    ),
    starred: boolLike,
  }),
);
export type Channel = z.infer<typeof ChannelSchema>;

export const ChannelItemSchema = lazySchema(() =>
  z.object({
    type: textSchema, // 'links' | 'bio' | 'qr' and perhaps others
    id: idSchema,
    title: textSchema,
    preview: safeUrlSchema,
    link: safeUrlSchema,
    date: textSchema,
  }),
);
export type ChannelItem = z.infer<typeof ChannelItemSchema>;

export const SplashSchema = lazySchema(() => z.object({ id: idSchema, name: textSchema, date: textSchema }));
export type Splash = z.infer<typeof SplashSchema>;

export const PixelSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    type: textSchema, // one of PIXEL_TYPES, or a type this client does not know
    name: textSchema,
    tag: textSchema,
    date: textSchema,
  }),
);
export type Pixel = z.infer<typeof PixelSchema>;

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

// ---------- envelopes ----------

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

export const AccountResponse = lazySchema(() =>
  z.pipe(
    z.object({ error: successFlag, data: AccountSchema }),
    z.transform((r) => r.data),
  ),
);
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
const recordResponse = <T extends z.ZodMiniType>(schema: T, unreadable: string) =>
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
export const CampaignResponse = lazySchema(() => recordResponse(CampaignSchema, 'campaign record unreadable'));
export const ChannelAddResponse = lazySchema(() => recordResponse(ChannelSchema, 'channel record unreadable'));
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

/** The shortening group's envelope: `success: true`; the link's id is kept when the server sends it. */
export const ShortenResponse = lazySchema(() =>
  z.pipe(
    z.object({
      success: z.union([z.literal(true), z.literal(1), z.literal('true')]),
      short_url: z.unknown(),
      short_code: textSchema,
      id: z.catch(z.optional(idSchema), undefined),
      link_id: z.catch(z.optional(idSchema), undefined),
    }),
    z.transform((r, ctx) => {
      const shortUrl = safeHttpUrl(r.short_url);
      if (!shortUrl) {
        ctx.issues.push({ code: 'custom', message: 'the short link is not an http(s) URL', path: ['short_url'], input: r.short_url });
        return z.NEVER;
      }
      return { shortUrl, shortCode: r.short_code, linkId: r.id ?? r.link_id ?? null };
    }),
  ),
);

export const SuccessMessageResponse = lazySchema(() =>
  z.pipe(
    z.object({ success: z.union([z.literal(true), z.literal(1)]), message: z.optional(textSchema) }),
    z.transform((r) => ({ message: toPlainText(r.message ?? '') })),
  ),
);
