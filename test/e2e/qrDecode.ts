/**
 * A QR image as a scanner sees it: drawn by Chromium itself in a page, its pixels read back and
 * decoded with jsQR (the browser tests of the QR view and of the styled QR codes).
 */
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';

/** Draws an image (a data: URL) on a white canvas `size` pixels wide in the page and returns its pixels. */
export async function pixelsOf(page: Page, src: string, size: number) {
  const data = await page.evaluate(
    async ({ src, size }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size + 32;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 16, 16, size, size);
      // As base64: a million numbers as a JSON array would take seconds to cross DevTools.
      const bytes = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { src, size },
  );
  return { data: new Uint8ClampedArray(Buffer.from(data, 'base64')), width: size + 32, height: size + 32 };
}

/** The text a scanner reads from the pixels, or null. */
export const decode = (p: { data: Uint8ClampedArray; width: number; height: number }) =>
  jsQR(p.data, p.width, p.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
