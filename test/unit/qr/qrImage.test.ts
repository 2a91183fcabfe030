import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { downloadBlob, qrFileBase, qrSvg, svgDataUrl } from '@/lib/ui/qrImage';

afterEach(() => vi.restoreAllMocks());

describe('qrImage', () => {
  it('makes an SVG QR code', async () => {
    const svg = await qrSvg('https://sho.rt/abc');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(svgDataUrl(svg)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });

  it('names files qr-<code> with safe characters only', () => {
    expect(qrFileBase('abc')).toBe('qr-abc');
    expect(qrFileBase('../a b/c')).toBe('qr-a-b-c');
    expect(qrFileBase('')).toBe('qr-code');
    expect(qrFileBase('go.brand.example')).toBe('qr-go-brand-example');
  });

  it('downloads through a temporary <a download>', () => {
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:fake'), revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, saved));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    downloadBlob(new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'qr-abc.svg');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.getAttribute('download')).toBe('qr-abc.svg');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:fake');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
