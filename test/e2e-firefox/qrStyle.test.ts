/**
 * The styled QR code in Firefox ESR against the sandbox, by the same accessible names
 * as the Chromium test (test/e2e/qrStyle.test.ts): foreground #1f6feb and a logo drawn in the
 * preview and held by "Download SVG", which Firefox itself rasterises and jsQR decodes to the
 * short link; a refused combination says why; "Make tracked QR code" creates the service's QR
 * code of type link and shows "Scans".
 */
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { control, controls, downloaded, openPopupFor, screenshot, until, valueOf, withExtension } from './harness';
import { REPO_ROOT } from '../e2e/harness';

/** Sets a colour input as a user's pick does (React follows the input event). */
async function pick(input: ElementHandle<Element>, value: string): Promise<void> {
  await input.evaluate((el, v) => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    set.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** Firefox draws an image (a data: URL) on a white canvas; its pixels come back as base64. */
async function decodeIn(page: Page, src: string, size: number): Promise<string | null> {
  const data = await page.evaluate(
    async (src, size) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size + 32;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 16, 16, size, size);
      const bytes = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    src,
    size,
  );
  return jsQR(new Uint8ClampedArray(Buffer.from(data, 'base64')), size + 32, size + 32, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

describe('Firefox: styled QR code', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', seed: 'demo', mainLimit: 100_000 } });

  it('draws #1f6feb with a logo, Download SVG holds them and decodes; a refusal says why; Make tracked QR code shows Scans', async () => {
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/ff-qr-style`);
    await (await control(popup, 'button', 'Shorten')).click();
    const shortUrl = await valueOf(await control(popup, 'textbox', 'Short link'));
    await control(popup, 'img', 'QR code');
    await (await control(popup, 'button', 'Style')).click();
    await pick(await until(async () => popup.$('input[type="color"]'), 'the Foreground input'), '#1f6feb');
    const logo = (await until(async () => popup.$('input[type="file"]'), 'the Logo field')) as ElementHandle<HTMLInputElement>;
    await logo.uploadFile(join(REPO_ROOT, 'public/icon/128.png'));
    const qr = await control(popup, 'img', 'QR code');
    const src = await until(async () => {
      const s = await qr.evaluate((img) => (img as HTMLImageElement).src);
      const text = decodeURIComponent(s);
      return text.includes('fill="#1f6feb"') && text.includes('<image ') ? s : null;
    }, 'the preview in the style with the logo');
    expect(await decodeIn(popup, src, 400)).toBe(shortUrl);
    await screenshot(popup, 'firefox-qr-style');

    const code = shortUrl.split('/').pop();
    await (await control(popup, 'button', 'Download SVG')).click();
    const svg = (await downloaded(ext.h, `qr-${code}.svg`)).toString('utf8');
    expect(svg).toContain('fill="#1f6feb"');
    expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
    expect(await decodeIn(popup, `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, 500)).toBe(shortUrl);

    await pick((await popup.$('input[type="color"]'))!, '#bbbbbb');
    const alert = await until(async () => (await controls(popup, 'alert'))[0], 'the refusal');
    expect(await valueOf(alert)).toBe(
      'This style is refused: foreground and background have a contrast of 1.9:1, scanners need at least 4.5:1.',
    );
    expect(await qr.evaluate((img) => (img as HTMLImageElement).src)).toBe(src);

    await (await control(popup, 'button', 'Make tracked QR code')).click();
    await until(async () => (await popup.$('::-p-text(Scans: 0)')) !== null, 'the line "Scans: 0"');
    expect(ext.sb.state.forKey(ext.sb.key).qrs.find((q) => q.data === shortUrl)).toMatchObject({
      type: 'link',
      foreground: 'rgb(31,111,235)',
    });
    await popup.close();
  });
});
