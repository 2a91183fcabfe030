/** The account of the key (GET /api/account). */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazySchema';
import { idSchema, safeUrlSchema, successFlag, textSchema } from './primitives';

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

export const AccountResponse = lazySchema(() =>
  z.pipe(
    z.object({ error: successFlag, data: AccountSchema }),
    z.transform((r) => r.data),
  ),
);
