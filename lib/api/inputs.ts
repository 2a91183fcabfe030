/**
 * Zod schemas of every input the client sends. Inputs are checked before any request:
 * a bad argument is rejected with an ApiError of kind 'invalid-input' naming the field.
 * Bounds the interface does not give are our choice (documented in the README).
 */
import * as z from 'zod/mini';
import { ApiError } from './errors';
import { CHANNEL_ITEM_TYPES, MAX_URL_LENGTH, PIXEL_TYPES, QR_TYPES } from './constants';
import { lazySchema } from './lazySchema';

/** An absolute http(s) URL of at most 8 KB, with no whitespace inside. */
export const httpUrlInput = lazySchema(() =>
  z.pipe(
    z.string({ error: 'is required' }).check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`),
      z.refine((s) => !/\s/.test(s), 'must not contain spaces'),
      z.refine((s) => {
        try {
          const u = new URL(s);
          return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
        } catch {
          return false;
        }
      }, 'must be a web address starting with http:// or https://'),
    ),
    z.transform((s) => new URL(s).href), // IDN hosts become punycode, as servers expect
  ),
);

export const idInput = lazySchema(() =>
  z.number({ error: 'must be a number' }).check(z.int('must be a whole number'), z.positive('must be positive')),
);
export const nameInput = lazySchema(() =>
  z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(255, 'must be at most 255 characters')),
);
const optionalText = lazySchema(() => z.optional(z.string().check(z.trim(), z.maxLength(1000, 'must be at most 1000 characters'))));
export const hexColorInput = lazySchema(() => z.string().check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #RRGGBB')));
export const rgbColorInput = lazySchema(() =>
  z.string().check(
    z.trim(),
    z.regex(/^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/, 'must be a colour written rgb(r,g,b)'),
    z.refine((s) => (s.match(/\d+/g) ?? []).every((n) => Number(n) <= 255), 'must have each of r, g, b between 0 and 255'),
  ),
);
/** Custom alias: letters, digits, - and _, 3 to 32 characters. */
export const aliasInput = lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'must be at least 3 characters'),
      z.maxLength(32, 'must be at most 32 characters'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, - and _'),
    ),
);
export const slugInput = lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(64, 'must be at most 64 characters'),
      z.regex(/^[A-Za-z0-9_-]*$/, 'may contain only letters, digits, - and _'),
    ),
);
export const emailInput = lazySchema(() =>
  z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.email('must be an email address')),
);
export const phoneInput = lazySchema(() => z.string().check(z.trim(), z.regex(/^\+?[0-9 ().-]{3,30}$/, 'must be a phone number')));
export const pixelTagInput = lazySchema(() =>
  z
    .string({ error: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(255, 'must be at most 255 characters'),
      z.regex(/^[^<>"'`\s]+$/, 'must not contain spaces, quotes or < >'),
    ),
);

export const PagingInput = lazySchema(() =>
  z.optional(
    z.object({
      limit: z.optional(z.int().check(z.gte(1), z.lte(1000))),
      page: z.optional(z.int().check(z.gte(1))),
    }),
  ),
);
export type Paging = z.infer<typeof PagingInput>;

export const ShortenInput = lazySchema(() =>
  z.object({
    url: httpUrlInput,
    custom_code: z.optional(aliasInput),
    domain_id: z.optional(idInput),
  }),
);
export type ShortenArgs = z.input<typeof ShortenInput>;

export const AccountUpdateInput = lazySchema(() =>
  z
    .object({
      email: z.optional(emailInput),
      password: z.optional(z.string().check(z.minLength(8, 'must be at least 8 characters'), z.maxLength(200))),
    })
    .check(z.refine((a) => a.email !== undefined || a.password !== undefined, { message: 'give an email or a password', path: ['email'] })),
);

export const DomainAddInput = lazySchema(() =>
  z.object({
    domain: httpUrlInput,
    redirectroot: z.optional(httpUrlInput),
    redirect404: z.optional(httpUrlInput),
  }),
);
export const DomainUpdateInput = lazySchema(() =>
  z.object({
    redirectroot: z.optional(httpUrlInput),
    redirect404: z.optional(httpUrlInput),
  }),
);
export type DomainAddArgs = z.input<typeof DomainAddInput>;
export type DomainUpdateArgs = z.input<typeof DomainUpdateInput>;

// The name is required although the interface calls it optional: real deployments refuse a
// campaign without one (docs/ARCHITECTURE.md, "Real deployments").
export const CampaignAddInput = lazySchema(() =>
  z.object({
    name: nameInput,
    slug: z.optional(slugInput),
    public: z.optional(z.boolean()),
  }),
);
export const CampaignUpdateInput = lazySchema(() =>
  z.object({
    name: nameInput,
    slug: z.optional(slugInput),
    public: z.optional(z.boolean()),
  }),
);
export type CampaignAddArgs = z.input<typeof CampaignAddInput>;
export type CampaignUpdateArgs = z.input<typeof CampaignUpdateInput>;

export const ChannelAddInput = lazySchema(() =>
  z.object({
    name: nameInput,
    description: optionalText,
    color: z.optional(hexColorInput),
    starred: z.optional(z.boolean()),
  }),
);
export const ChannelUpdateInput = lazySchema(() => z.partial(ChannelAddInput));
export type ChannelAddArgs = z.input<typeof ChannelAddInput>;
export type ChannelUpdateArgs = z.input<typeof ChannelUpdateInput>;
export const channelItemTypeInput = lazySchema(() => z.enum(CHANNEL_ITEM_TYPES, { error: 'must be links, bio or qr' }));

export const PixelAddInput = lazySchema(() =>
  z.object({
    type: z.enum(PIXEL_TYPES, { error: 'must be one of the 13 pixel types' }),
    name: nameInput,
    tag: pixelTagInput,
  }),
);
export const PixelUpdateInput = lazySchema(() => z.object({ name: z.optional(nameInput), tag: pixelTagInput }));

/** The `data` of a QR code per type (the interface does not show the array layouts; this is ours). */
export const QrDataByType = lazySchema(
  () =>
    ({
      text: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(2000, 'must be at most 2000 characters')),
      link: httpUrlInput,
      email: emailInput,
      phone: phoneInput,
      sms: z.object({ phone: phoneInput, message: z.optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))) }),
      wifi: z.object({
        ssid: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(32, 'must be at most 32 characters')),
        password: z.optional(z.string().check(z.maxLength(63, 'must be at most 63 characters'))),
        encryption: z.optional(z.enum(['WPA', 'WEP', 'nopass'])),
      }),
      vcard: z.object({
        name: nameInput,
        phone: z.optional(phoneInput),
        email: z.optional(emailInput),
        company: z.optional(z.string().check(z.maxLength(255))),
        url: z.optional(httpUrlInput),
      }),
    }) as const,
);

const qrStyle = lazySchema(() => ({
  background: z.optional(rgbColorInput),
  foreground: z.optional(rgbColorInput),
  logo: z.optional(
    httpUrlInput.check(
      z.refine((u) => /\.(png|jpe?g)(\?|#|$)/i.test(new URL(u).pathname + new URL(u).search), 'must be a png or jpg image'),
    ),
  ),
}));
export const QrAddInput = lazySchema(() =>
  z.discriminatedUnion(
    'type',
    QR_TYPES.map((t) => z.object({ type: z.literal(t), data: QrDataByType[t], ...qrStyle })) as unknown as [
      z.ZodMiniObject,
      ...z.ZodMiniObject[],
    ],
    { error: 'must be one of text, vcard, link, email, phone, sms, wifi' },
  ),
);
export type QrAddArgs =
  | { type: 'text' | 'link' | 'email' | 'phone'; data: string; background?: string; foreground?: string; logo?: string }
  | { type: 'sms'; data: { phone: string; message?: string }; background?: string; foreground?: string; logo?: string }
  | {
      type: 'wifi';
      data: { ssid: string; password?: string; encryption?: 'WPA' | 'WEP' | 'nopass' };
      background?: string;
      foreground?: string;
      logo?: string;
    }
  | {
      type: 'vcard';
      data: { name: string; phone?: string; email?: string; company?: string; url?: string };
      background?: string;
      foreground?: string;
      logo?: string;
    };

/** The field a zod issue names ("data.ssid"), under `fieldPrefix`: the one rule of the client and the options forms. */
export function issueField(issue: z.core.$ZodIssue, fieldPrefix?: string): string {
  return [fieldPrefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'input';
}

/** Checks `value` against `schema`; throws ApiError('invalid-input') naming the first bad field. */
export function checkInput<S extends z.ZodMiniType>(schema: S, value: unknown, fieldPrefix?: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issueField(issue, fieldPrefix);
  throw new ApiError({ kind: 'invalid-input', field, message: `${field} ${issue.message}` });
}
