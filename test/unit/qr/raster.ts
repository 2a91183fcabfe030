/**
 * Pixels of a QR code in Node, for a real decoder (jsQR):
 * - `rasterPng`: the PNG path, painted with lib/qr/layout's `composite` (the very order and
 *   rectangles the extension's canvas gets), the logo drawn by `drawLogo`;
 * - `rasterSvg`: the SVG the extension downloads, read back from its own markup (the ground
 *   <rect>, the <path> of runs, the <image> box of the logo) and painted pixel by pixel.
 * A logo is painted as a pattern of the caller's choice (the worst cases of what a user could
 * pick), since Node has no image decoder for the data: URL.
 */
import { composite, fitLogo, type QrPaint, type Rect } from '@/lib/qr/layout';

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A logo painter: the colour of the logo's pixel (u, v in 0..1 of its box). */
export type LogoPattern = (u: number, v: number) => [number, number, number];

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** A blank image with a white frame of `pad` pixels (scanners see the code on paper). */
function canvas(size: number, pad: number): Pixels & { set(x: number, y: number, c: [number, number, number]): void } {
  const width = size + 2 * pad;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  return {
    data,
    width,
    height: width,
    set(x, y, [r, g, b]) {
      const i = ((y + pad) * width + (x + pad)) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
    },
  };
}

function fillRect(c: ReturnType<typeof canvas>, r: Rect, colour: [number, number, number]) {
  for (let y = Math.round(r.y); y < Math.round(r.y + r.h); y++)
    for (let x = Math.round(r.x); x < Math.round(r.x + r.w); x++) c.set(x, y, colour);
}

function paintLogo(c: ReturnType<typeof canvas>, box: Rect, pattern: LogoPattern, aspect: number) {
  const at = fitLogo(box, aspect, 1);
  for (let y = Math.round(at.y); y < Math.round(at.y + at.h); y++)
    for (let x = Math.round(at.x); x < Math.round(at.x + at.w); x++) c.set(x, y, pattern((x - at.x) / at.w, (y - at.y) / at.h));
}

/** The PNG path at `scale` pixels per module. */
export function rasterPng(paint: QrPaint, scale: number, logo?: { pattern: LogoPattern; aspect: number }): Pixels {
  const c = canvas(paint.units * scale, 8);
  composite(
    paint,
    scale,
    (r, colour) => fillRect(c, r, rgb(colour)),
    (box) => logo && paintLogo(c, box, logo.pattern, logo.aspect),
  );
  return c;
}

/** The SVG path: the markup read back (viewBox, ground, runs, logo box) and painted at `scale` pixels per unit. */
export function rasterSvg(svg: string, scale: number, logo?: { pattern: LogoPattern; aspect: number }): Pixels {
  const units = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const ground = /<rect width="\d+" height="\d+" fill="(#[0-9a-f]{6})"\/>/.exec(svg)![1]!;
  const [, fill, d] = /<path fill="(#[0-9a-f]{6})" d="([^"]*)"\/>/.exec(svg)!;
  const c = canvas(units * scale, 8);
  fillRect(c, { x: 0, y: 0, w: units * scale, h: units * scale }, rgb(ground));
  for (const m of d!.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    fillRect(c, { x: Number(m[1]) * scale, y: Number(m[2]) * scale, w: Number(m[3]) * scale, h: scale }, rgb(fill!));
  }
  const image = /<image x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  if (image && logo) {
    const [x, y, w, h] = image.slice(1).map((n) => Number(n) * scale) as [number, number, number, number];
    paintLogo(c, { x, y, w, h }, logo.pattern, logo.aspect);
  }
  return c;
}
