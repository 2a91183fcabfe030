/** A channel and the items filed in it, and a channel's create answer. */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazySchema';
import { boolLike, idSchema, safeUrlSchema, textSchema } from './primitives';
import { recordResponse } from './envelopes';

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

export const ChannelAddResponse = lazySchema(() => recordResponse(ChannelSchema, 'channel record unreadable'));
