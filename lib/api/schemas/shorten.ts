/** The shortening group's answers (`success: true` envelopes): a new link, a deleted one. */
import * as z from 'zod/mini';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { toPlainText } from '@/lib/api/plainText';
import { lazySchema } from '@/lib/api/lazySchema';
import { idSchema, textSchema } from './primitives';

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
