/** What a link can carry besides its address: overlays (CTA), splash pages and pixels. */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazySchema';
import { idSchema, textSchema } from './primitives';

export const OverlaySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    type: textSchema, // 'message', 'contact' and others
    name: textSchema,
    date: textSchema,
  }),
);
export type Overlay = z.infer<typeof OverlaySchema>;

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
