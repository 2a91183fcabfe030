/**
 * Colours as users type them: #RRGGBB or rgb(r,g,b), read into one value and written in the
 * form each endpoint wants (channels #RRGGBB, QR codes rgb(r,g,b)).
 */

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
