/** A branded domain of the account (GET /api/domains). */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazySchema';
import { idSchema, textSchema } from './primitives';

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
