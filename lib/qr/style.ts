/**
 * A QR code's style (colours and a logo kept in this browser) and the rule of what scanners
 * read: checked before anything is drawn, so a refused style never reaches the preview, the
 * clipboard or a file (docs/ARCHITECTURE.md, "QR styles").
 */

/** A logo the user picked: the file as a data: URL, kept in storage.local. */
export interface QrLogo {
  dataUrl: string;
  type: LogoType;
  /** The file's size in bytes. */
  bytes: number;
  name: string;
}
export type LogoType = 'image/png' | 'image/jpeg' | 'image/svg+xml';
export const LOGO_TYPES: readonly LogoType[] = ['image/png', 'image/jpeg', 'image/svg+xml'];

/** Colours written #rrggbb; `logo` null for none. */
export interface QrStyle {
  foreground: string;
  background: string;
  logo: QrLogo | null;
  /** The organisation's style (its policy's), as the worker tells a page: locked, or a default the user may change. Never stored. */
  org?: { locked: boolean };
}

export const DEFAULT_QR_STYLE: QrStyle = { foreground: '#000000', background: '#ffffff', logo: null };

/** The least contrast (WCAG ratio) between the colours: below it phone cameras in poor light miss modules. */
export const MIN_CONTRAST = 4.5;
/** The largest logo file kept (storage.local holds it for every account). */
export const MAX_LOGO_BYTES = 100 * 1024;

/** Why a style is refused; the page words it (qrStyleProblem). */
export type StyleProblem =
  | { reason: 'colour'; field: 'foreground' | 'background' }
  | { reason: 'inverted' }
  | { reason: 'contrast'; ratio: number }
  | { reason: 'logo-type' }
  | { reason: 'logo-size'; bytes: number };

const HEX = /^#[0-9a-f]{6}$/i;

/** The relative luminance of a #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The first reason scanners would read this style badly, or null when it may be drawn. */
export function checkQrStyle(style: QrStyle): StyleProblem | null {
  if (!HEX.test(style.foreground)) return { reason: 'colour', field: 'foreground' };
  if (!HEX.test(style.background)) return { reason: 'colour', field: 'background' };
  // Many scanners look for dark modules on a light ground only.
  if (luminance(style.foreground) > luminance(style.background)) return { reason: 'inverted' };
  const ratio = contrastRatio(style.foreground, style.background);
  if (ratio < MIN_CONTRAST) return { reason: 'contrast', ratio: shownRatio(ratio) };
  if (style.logo) return checkLogo(style.logo);
  return null;
}

/**
 * A refused ratio as the page writes it: rounded to one decimal (3.998 reads 4.0, not 3.9), to two
 * when one would reach the threshold (4.48, not 4.5 beside "at least 4.5"), never shown as passing.
 */
function shownRatio(ratio: number): number {
  const one = Math.round(ratio * 10) / 10;
  if (one < MIN_CONTRAST) return one;
  const two = Math.round(ratio * 100) / 100;
  return two < MIN_CONTRAST ? two : Math.floor(ratio * 100) / 100;
}

/** Whether a logo may be kept: a PNG, JPEG or SVG data: URL of at most MAX_LOGO_BYTES. */
export function checkLogo(logo: QrLogo): StyleProblem | null {
  if (!LOGO_TYPES.includes(logo.type) || !logo.dataUrl.startsWith(`data:${logo.type};base64,`)) return { reason: 'logo-type' };
  if (logo.bytes > MAX_LOGO_BYTES || logo.dataUrl.length > Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 64)
    return { reason: 'logo-size', bytes: logo.bytes };
  return null;
}

/** A logo written as a data: URL (a policy's, an imported file's): its type and size read from it, refused as a picked file would be. */
export function logoOfDataUrl(dataUrl: string, name: string): { ok: true; logo: QrLogo } | { ok: false; problem: StyleProblem } {
  const m = /^data:(image\/(?:png|jpeg|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m || !LOGO_TYPES.includes(m[1] as LogoType)) return { ok: false, problem: { reason: 'logo-type' } };
  const b64 = m[2]!;
  const bytes = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
  if (bytes > MAX_LOGO_BYTES) return { ok: false, problem: { reason: 'logo-size', bytes } };
  return { ok: true, logo: { dataUrl, type: m[1] as LogoType, bytes, name } };
}

/** The type of an image file from its first bytes (the name or the browser's guess is not trusted), or null. */
export function sniffLogoType(head: Uint8Array): LogoType | null {
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const text = new TextDecoder().decode(head.slice(0, 1024));
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(text) ? 'image/svg+xml' : null;
}

/** A stored value read back as a style (anything else: the default), so a bad entry never breaks the QR view. */
export function asQrStyle(value: unknown): QrStyle {
  if (!value || typeof value !== 'object') return DEFAULT_QR_STYLE;
  const v = value as Partial<QrStyle>;
  const style: QrStyle = {
    foreground: typeof v.foreground === 'string' ? v.foreground.toLowerCase() : DEFAULT_QR_STYLE.foreground,
    background: typeof v.background === 'string' ? v.background.toLowerCase() : DEFAULT_QR_STYLE.background,
    logo: v.logo && typeof v.logo === 'object' ? v.logo : null,
  };
  return checkQrStyle(style) ? DEFAULT_QR_STYLE : style;
}

/** A #rrggbb colour written rgb(r,g,b), as the service's QR endpoint takes it. */
export function rgbText(hex: string): string {
  return `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(',')})`;
}
