// @vitest-environment node
/**
 * Proof that it scans: every style the UI allows, drawn as the extension draws it (PNG and
 * SVG), decodes back to its exact text with a real decoder (jsQR, no inversion tried).
 * What is decoded: the PNG path's pixels as lib/qr/layout paints them (the canvas gets the same
 * rectangles), and the SVG as its own markup says (parsed and painted here); the browser test
 * decodes the files Chromium itself drew and downloaded.
 */
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { qrPaintOf, qrSvg } from '@/lib/ui/qrImage';
import { checkQrStyle, DEFAULT_QR_STYLE, type QrStyle } from '@/lib/qr/style';
import { rasterPng, rasterSvg, type LogoPattern, type Pixels } from './raster';

const decode = (p: Pixels) => jsQR(p.data, p.width, p.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

const LOGO: QrStyle['logo'] = { dataUrl: 'data:image/png;base64,iVBORw0KGgo=', type: 'image/png', bytes: 8, name: 'l.png' };

/** Logos a user could pick, at their worst for a scanner. */
const logos: Record<string, (s: QrStyle) => { pattern: LogoPattern; aspect: number }> = {
  'solid foreground square': (s) => ({ pattern: () => rgb(s.foreground), aspect: 1 }),
  'fine checkerboard': (s) => ({
    pattern: (u, v) => ((Math.floor(u * 9) + Math.floor(v * 9)) % 2 ? rgb(s.foreground) : rgb(s.background)),
    aspect: 1,
  }),
  'wide black bar': () => ({ pattern: () => [0, 0, 0], aspect: 3 }),
  noise: () => ({ pattern: (u, v) => ((Math.sin(u * 91.7 + v * 37.3) * 43758.5) % 1 > 0.5 ? [0, 0, 0] : [255, 255, 255]), aspect: 1 }),
};

const colours: [string, string][] = [
  ['#000000', '#ffffff'],
  ['#1f6feb', '#ffffff'], // the brand blue of the browser test
  ['#6e4b00', '#fff8e1'],
  ['#0b3d2e', '#d9f2e6'],
  ['#595959', '#ffffff'], // just above 4.5:1 with a grey
  ['#000000', '#8a8a8a'], // the darkest ground allowed with black
];

const texts = [
  'https://sho.rt/a',
  'https://go.brand.example/spring-sale-2026',
  `https://example.com/${'path/'.repeat(40)}?q=${'x'.repeat(100)}`, // ~320 characters
  `https://example.com/?long=${'a1B2c3'.repeat(150)}`, // ~925 characters: a large version under H
];

describe('every drawn QR code decodes to its exact text', () => {
  for (const [fg, bg] of colours) {
    const plain: QrStyle = { ...DEFAULT_QR_STYLE, foreground: fg, background: bg };
    it(`${fg} on ${bg}: allowed by the rule, PNG and SVG decode at 2 and 5 pixels per module`, async () => {
      expect(checkQrStyle(plain)).toBeNull();
      for (const text of texts) {
        const paint = await qrPaintOf(text, plain);
        const svg = await qrSvg(text, plain);
        for (const scale of [2, 5]) {
          expect(decode(rasterPng(paint, scale)), `PNG ${text.length} chars ×${scale}`).toBe(text);
          expect(decode(rasterSvg(svg, scale)), `SVG ${text.length} chars ×${scale}`).toBe(text);
        }
      }
    });

    // Logos on the plainest, the brand blue and the darkest ground allowed (the colours alone are covered above).
    if (!['#000000/#ffffff', '#1f6feb/#ffffff', '#000000/#8a8a8a'].includes(`${fg}/${bg}`)) continue;
    for (const [name, logo] of Object.entries(logos)) {
      it(`${fg} on ${bg} with a logo (${name}): decodes under its quiet square`, async () => {
        const styled: QrStyle = { ...plain, logo: LOGO };
        expect(checkQrStyle(styled)).toBeNull();
        for (const text of texts) {
          const paint = await qrPaintOf(text, styled);
          const svg = await qrSvg(text, styled);
          expect(svg).toContain('<image ');
          for (const scale of [3]) {
            expect(decode(rasterPng(paint, scale, logo(styled))), `PNG ${text.length} chars ×${scale}`).toBe(text);
            expect(decode(rasterSvg(svg, scale, logo(styled))), `SVG ${text.length} chars ×${scale}`).toBe(text);
          }
        }
      });
    }
  }

  it('the decoder is real: a code with its middle blacked out without level H does not decode', async () => {
    const text = texts[1]!;
    const paint = await qrPaintOf(text, DEFAULT_QR_STYLE); // level M
    const spoiled = { ...paint, logo: { x: paint.units * 0.3, y: paint.units * 0.3, w: paint.units * 0.4, h: paint.units * 0.4 } };
    expect(decode(rasterPng(spoiled, 4, { pattern: () => [0, 0, 0], aspect: 1 }))).toBeNull();
    expect(decode(rasterPng(paint, 4))).toBe(text);
  });

  it('a refused style (light on dark) is not read by this decoder either', async () => {
    const inverted: QrStyle = { ...DEFAULT_QR_STYLE, foreground: '#ffffff', background: '#000000' };
    expect(checkQrStyle(inverted)?.reason).toBe('inverted');
    expect(decode(rasterPng(await qrPaintOf(texts[1]!, inverted), 4))).toBeNull();
  });
});
