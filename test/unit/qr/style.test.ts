import { describe, expect, it } from 'vitest';
import {
  asQrStyle,
  checkQrStyle,
  contrastRatio,
  DEFAULT_QR_STYLE,
  MAX_LOGO_BYTES,
  MIN_CONTRAST,
  rgbText,
  sniffLogoType,
  type QrLogo,
} from '@/lib/qr/style';
import { styleProblemText } from '@/lib/ui/qrStyle';

const logo = (over: Partial<QrLogo> = {}): QrLogo => ({
  dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  type: 'image/png',
  bytes: 8,
  name: 'l.png',
  ...over,
});
const style = (foreground: string, background: string, l: QrLogo | null = null) => ({ foreground, background, logo: l });

describe('the rule of what scanners read', () => {
  it('takes dark on light with at least 4.5:1 and refuses the rest, saying why', () => {
    const table: [string, string, string | null][] = [
      ['#000000', '#ffffff', null],
      ['#1f6feb', '#ffffff', null], // 4.6:1
      ['#777777', '#ffffff', 'contrast'], // 4.48:1, just below
      ['#bbbbbb', '#ffffff', 'contrast'],
      ['#ffffff', '#000000', 'inverted'],
      ['#ffff00', '#000080', 'inverted'],
      ['#000000', '#000000', 'contrast'],
      ['#12345', '#ffffff', 'colour'],
      ['#000000', 'white', 'colour'],
    ];
    for (const [fg, bg, reason] of table) expect(checkQrStyle(style(fg, bg))?.reason ?? null, `${fg} on ${bg}`).toBe(reason);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(MIN_CONTRAST).toBe(4.5);
  });

  it('words each refusal', () => {
    expect(styleProblemText(checkQrStyle(style('#bbbbbb', '#ffffff'))!)).toBe(
      'This style is refused: foreground and background have a contrast of 1.9:1, scanners need at least 4.5:1.',
    );
    // Rounded, not cut: 2.995:1 reads 3.0; just below the threshold (4.478:1) it never reads as the threshold.
    expect(styleProblemText(checkQrStyle(style('#959595', '#ffffff'))!)).toContain('a contrast of 3.0:1,');
    expect(styleProblemText(checkQrStyle(style('#777777', '#ffffff'))!)).toContain('a contrast of 4.48:1,');
    expect(styleProblemText(checkQrStyle(style('#ffffff', '#202020'))!)).toMatch(/light foreground on a dark background/);
    expect(styleProblemText({ reason: 'logo-size', bytes: 200 * 1024 })).toBe(
      'This logo is refused: the file has 200 kB, at most 100 kB are kept.',
    );
  });

  it('keeps a PNG, JPEG or SVG logo of at most 100 kB only', () => {
    expect(checkQrStyle(style('#000000', '#ffffff', logo()))).toBeNull();
    expect(checkQrStyle(style('#000000', '#ffffff', logo({ bytes: MAX_LOGO_BYTES + 1 })))?.reason).toBe('logo-size');
    expect(
      checkQrStyle(style('#000000', '#ffffff', logo({ type: 'image/gif' as never, dataUrl: 'data:image/gif;base64,R0lG' })))?.reason,
    ).toBe('logo-type');
    expect(checkQrStyle(style('#000000', '#ffffff', logo({ dataUrl: 'https://example.com/l.png' })))?.reason).toBe('logo-type');
  });

  it('tells a logo file by its first bytes, not its name', () => {
    expect(sniffLogoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10]))).toBe('image/png');
    expect(sniffLogoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffLogoType(new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffLogoType(new TextEncoder().encode('<html><svg></svg></html>'))).toBeNull();
    expect(sniffLogoType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('reads a stored value back as a style, a bad one as the default', () => {
    expect(asQrStyle(style('#1F6FEB', '#FFFFFF'))).toEqual(style('#1f6feb', '#ffffff'));
    expect(asQrStyle(style('#ffffff', '#000000'))).toEqual(DEFAULT_QR_STYLE);
    expect(asQrStyle('nonsense')).toEqual(DEFAULT_QR_STYLE);
    expect(asQrStyle(undefined)).toEqual(DEFAULT_QR_STYLE);
  });

  it('writes colours as the QR endpoint takes them', () => {
    expect(rgbText('#1f6feb')).toBe('rgb(31,111,235)');
  });
});
