/**
 * How the QR items are read (docs/ARCHITECTURE.md, "Stored state"): the style of each account and
 * the tracked QR codes, each kept member by member, a wrong one dropped and the others kept.
 */
import * as z from 'zod/mini';
import type { SerializedApiError } from '@/lib/api';
import { MAX_URL_LENGTH } from '@/lib/api/constants';
import { lazySchema } from '@/lib/api/lazySchema';
import { checkLogo, checkQrStyle, LOGO_TYPES, type LogoType } from '@/lib/qr/style';
import { isRecord } from './isRecord';
import { kept, type Repaired } from './repaired';

const qrStyle = lazySchema(() =>
  z.object({
    foreground: z.string().check(z.maxLength(7)),
    background: z.string().check(z.maxLength(7)),
    logo: z.nullable(
      z.object({
        dataUrl: z.string(),
        type: z.enum(LOGO_TYPES as [LogoType, ...LogoType[]]),
        bytes: z.number(),
        name: z.string().check(z.maxLength(1000)),
      }),
    ),
  }),
);
/** The QR style of each account: a style that is no style, or one the QR view would refuse, is dropped (that account's codes are black on white again). */
export function repairQrStyles<T>(raw: unknown): Repaired<Record<string, T>> {
  return repairRecord(raw, (v) => {
    const r = qrStyle.safeParse(v);
    return r.success && !checkQrStyle(r.data) && !(r.data.logo && checkLogo(r.data.logo)) ? (r.data as T) : null;
  });
}

const trackedQr = lazySchema(() =>
  z.object({
    shortUrl: z.string().check(z.maxLength(MAX_URL_LENGTH)),
    state: z.enum(['waiting', 'made']),
    foreground: z.string().check(z.maxLength(32)),
    background: z.string().check(z.maxLength(32)),
    createdAt: z.number(),
    sendAt: z.optional(z.number()),
    id: z.optional(z.int()),
    link: z.optional(z.string().check(z.maxLength(MAX_URL_LENGTH))),
    scans: z.optional(z.number()),
    scansAt: z.optional(z.number()),
    error: z.catch(
      z.optional(z.custom<SerializedApiError>((v) => isRecord(v) && typeof v.kind === 'string' && typeof v.message === 'string')),
      undefined,
    ),
  }),
);
/** Tracked QR codes by account, then by short link: a wrong one is dropped (the code stays on the service). */
export function repairTrackedQrs(raw: unknown): Repaired<Record<string, Record<string, z.output<typeof trackedQr>>>> {
  let lost = false;
  const out = repairRecord(raw, (byLink) => {
    if (!isRecord(byLink)) return null;
    const r = repairRecord(byLink, (v) => {
      const p = trackedQr.safeParse(v);
      return p.success ? p.data : null;
    });
    lost ||= r.lost;
    return r.value;
  });
  return { value: out.value, lost: out.lost || lost, changed: out.changed || lost };
}

/** A record read member by member: a member `keep` turns into null is dropped, the others stay; anything but a record is emptied. */
function repairRecord<T>(raw: unknown, keep: (v: unknown) => T | null): Repaired<Record<string, T>> {
  if (raw == null) return kept({});
  if (!isRecord(raw)) return { value: {}, lost: true, changed: true };
  const value: Record<string, T> = {};
  let dropped = false;
  for (const [k, v] of Object.entries(raw)) {
    const r = keep(v);
    if (r === null) dropped = true;
    else value[k] = r;
  }
  return { value, lost: dropped, changed: dropped };
}
