/**
 * Where everything of a QR code goes, in module units, drawn the same way into an SVG, a
 * canvas (PNG) and, in the tests, a pixel buffer: the ground, the dark modules as runs, and
 * with a logo a quiet square in the middle with the logo inside it.
 */
import type { QrStyle } from './style';

/** The module matrix as `qrcode.create()` gives it. */
export interface ModuleMatrix {
  size: number;
  get(row: number, col: number): number | boolean;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One QR code ready to draw: sizes in modules (the quiet zone included). */
export interface QrPaint {
  units: number;
  foreground: string;
  background: string;
  /** Dark modules, joined into horizontal runs. */
  runs: Rect[];
  /** The square left empty for the logo (null: no logo). */
  quiet: Rect | null;
  /** The logo's box, inside the quiet square. */
  logo: Rect | null;
}

/** Modules of ground around the code (the quiet zone scanners need). */
export const MARGIN = 2;
/** The quiet square's side as a share of the code's side: about 5.8 % of the modules, well inside level H's 30 %. */
export const QUIET_SHARE = 0.24;
/** Error correction: M without a logo (a smaller code), H under a logo (30 % of the codewords, for the modules it hides). */
export const levelFor = (style: QrStyle): 'M' | 'H' => (style.logo ? 'H' : 'M');

/** Lays out a QR code of `matrix` in `style`. */
export function qrPaint(matrix: ModuleMatrix, style: QrStyle): QrPaint {
  const n = matrix.size;
  const units = n + 2 * MARGIN;
  let quiet: Rect | null = null;
  let logo: Rect | null = null;
  if (style.logo) {
    // An odd side (like n) keeps the square centred on whole modules.
    let side = Math.round(n * QUIET_SHARE);
    if (side % 2 === 0) side += 1;
    const at = MARGIN + (n - side) / 2;
    quiet = { x: at, y: at, w: side, h: side };
    logo = { x: at + 1, y: at + 1, w: side - 2, h: side - 2 };
  }
  const inQuiet = (r: number, c: number) =>
    quiet !== null && c + MARGIN >= quiet.x && c + MARGIN < quiet.x + quiet.w && r + MARGIN >= quiet.y && r + MARGIN < quiet.y + quiet.h;
  const runs: Rect[] = [];
  for (let r = 0; r < n; r++) {
    let start = -1;
    for (let c = 0; c <= n; c++) {
      const dark = c < n && Boolean(matrix.get(r, c)) && !inQuiet(r, c);
      if (dark && start < 0) start = c;
      if (!dark && start >= 0) {
        runs.push({ x: start + MARGIN, y: r + MARGIN, w: c - start, h: 1 });
        start = -1;
      }
    }
  }
  return { units, foreground: style.foreground, background: style.background, runs, quiet, logo };
}

/** Paints a laid-out QR code at `scale` pixels per module: the one compositing order of the PNG (and the tests' pixels). */
export function composite(paint: QrPaint, scale: number, fill: (r: Rect, colour: string) => void, drawLogo?: (r: Rect) => void): void {
  const px = (r: Rect): Rect => ({ x: r.x * scale, y: r.y * scale, w: r.w * scale, h: r.h * scale });
  fill({ x: 0, y: 0, w: paint.units * scale, h: paint.units * scale }, paint.background);
  for (const run of paint.runs) fill(px(run), paint.foreground);
  if (paint.logo && drawLogo) drawLogo(px(paint.logo));
}

/** The same QR code as SVG markup (the logo, if any, as an <image> of its data: URL). */
export function paintToSvg(paint: QrPaint, logoDataUrl?: string): string {
  const d = paint.runs.map((r) => `M${r.x} ${r.y}h${r.w}v1h-${r.w}z`).join('');
  const logo =
    paint.logo && logoDataUrl
      ? `<image x="${paint.logo.x}" y="${paint.logo.y}" width="${paint.logo.w}" height="${paint.logo.h}" preserveAspectRatio="xMidYMid meet" href="${escapeAttr(logoDataUrl)}"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${paint.units} ${paint.units}" width="${paint.units * 8}" height="${paint.units * 8}" shape-rendering="crispEdges">` +
    `<rect width="${paint.units}" height="${paint.units}" fill="${paint.background}"/>` +
    `<path fill="${paint.foreground}" d="${d}"/>${logo}</svg>\n`
  );
}

/** Pixels per module for a PNG about `width` pixels wide (whole pixels, so modules stay sharp). */
export const scaleFor = (paint: QrPaint, width: number) => Math.max(1, Math.round(width / paint.units));

/** The box a logo of `w`×`h` pixels takes inside `box`, its proportions kept (SVG's "meet"). */
export function fitLogo(box: Rect, w: number, h: number): Rect {
  if (!(w > 0 && h > 0)) return box;
  const k = Math.min(box.w / w, box.h / h);
  return { x: box.x + (box.w - w * k) / 2, y: box.y + (box.h - h * k) / 2, w: w * k, h: h * k };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
