/**
 * Colours as users type them: #RRGGBB or rgb(r,g,b), read into one value and written in the
 * form each endpoint wants (channels #RRGGBB, QR codes rgb(r,g,b)); the client's input schemas
 * then check exactly that form.
 */
import * as z from 'zod/mini';
import { validate, type Checked } from './options/forms';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** Whether a text is written as a colour (#RRGGBB or rgb(r,g,b)), whatever its numbers. */
export function looksLikeColour(text: string): boolean {
  const s = text.trim();
  return HEX.test(s) || RGB.test(s);
}

/** A colour written #RRGGBB or rgb(r,g,b) (each of r, g, b 0–255), or null. */
export function parseColour(text: string): Rgb | null {
  const s = text.trim();
  const m = HEX.exec(s);
  if (m) return { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16) };
  const n = RGB.exec(s);
  if (!n) return null;
  const [r, g, b] = [n[1], n[2], n[3]].map(Number) as [number, number, number];
  return r > 255 || g > 255 || b > 255 ? null : { r, g, b };
}

/** '#RRGGBB' (upper case), as channels take it. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** 'rgb(r,g,b)', as the QR endpoint takes it. */
export function toRgb({ r, g, b }: Rgb): string {
  return `rgb(${r},${g},${b})`;
}

/** A colour typed in a form, in either form (checked in the page, before the client's own check). */
const typedColour = z.string().check(
  z.refine(looksLikeColour, 'must be a colour written #RRGGBB or rgb(r,g,b)'),
  z.refine((s) => parseColour(s) !== null, 'must have each of r, g, b between 0 and 255'),
);

/** A colour field's value as its endpoint takes it: empty → not sent; a bad colour names `field`. */
export function checkColour(value: string, field: string, writes: 'hex' | 'rgb'): Checked<string | undefined> {
  const typed = value.trim();
  if (typed === '') return { ok: true, data: undefined };
  const checked = validate(typedColour, typed, field);
  if (!checked.ok) return checked;
  // A hex colour is sent as typed; anything else in the endpoint's form.
  if (writes === 'hex' && typed.startsWith('#')) return { ok: true, data: typed };
  const rgb = parseColour(typed)!;
  return { ok: true, data: writes === 'hex' ? toHex(rgb) : toRgb(rgb) };
}

/** The first failure in page order of a form whose colour fields follow its other fields (except `fieldsAfter`). */
export function withColours<T>(main: Checked<T>, colours: Checked<unknown>[], fieldsAfter: readonly string[] = []): Checked<T> {
  if (!main.ok && !fieldsAfter.includes(main.field)) return main;
  const bad = colours.find((c) => !c.ok);
  return bad && !bad.ok ? bad : main;
}
