/** A campaign, as listed and as a create or update answers it. */
import * as z from 'zod/mini';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { lazySchema } from '@/lib/api/lazySchema';
import { boolLike, idSchema, safeUrlSchema } from './primitives';
import { recordResponse } from './envelopes';

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

export const CampaignResponse = lazySchema(() => recordResponse(CampaignSchema, 'campaign record unreadable'));
