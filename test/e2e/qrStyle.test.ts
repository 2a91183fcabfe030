/**
 * The styled QR code in Chromium against the sandbox: a foreground of #1f6feb and a
 * logo are drawn in the preview, the downloaded SVG holds them, and both downloaded files,
 * rasterised by Chromium itself, decode to the short link with jsQR; a refused combination says
 * why; "Make tracked QR code" creates the service's QR code of type link and shows "Scans".
 * Screenshots of the styled QR view, light and dark, English and German.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../sandbox/server';
import { openPopupFor, REPO_ROOT, screenshot, until, type ExtensionHarness, OUTCOME_MS } from './harness';
import { withExtension, withTempDir } from './fixture';
import { decode, pixelsOf } from './qrDecode';

const LOGO = join(REPO_ROOT, 'public/icon/128.png');

/** The share of pixels of a colour (within a small tolerance). */
function shareOf(p: { data: Uint8ClampedArray }, [r, g, b]: [number, number, number]): number {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4)
    if (Math.abs(p.data[i]! - r) < 8 && Math.abs(p.data[i + 1]! - g) < 8 && Math.abs(p.data[i + 2]! - b) < 8) n++;
  return n / (p.data.length / 4);
}

/** Shortens the page the popup is for and opens the style fields. */
async function styledPopup(h: ExtensionHarness, sb: Sandbox, name: string, words: { shorten: string; style: string }): Promise<Page> {
  const popup = await openPopupFor(h, `${sb.url}/page/${name}`);
  await popup.getByRole('button', { name: words.shorten, exact: true }).click();
  await popup.getByRole('img', { name: /QR/ }).first().waitFor({ timeout: OUTCOME_MS });
  await popup.getByRole('button', { name: words.style, exact: true }).click();
  return popup;
}

describe('styled QR code (Chromium, English)', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', seed: 'demo' } });
  const downloads = withTempDir('qr-style-downloads-');

  it('draws #1f6feb with a logo; Download SVG holds them; PNG and SVG decode to the short link; a refused combination says why', async () => {
    const popup = await styledPopup(ext.h, ext.sb, 'qr-style', { shorten: 'Shorten', style: 'Style' });
    const shortUrl = await popup.getByLabel('Short link', { exact: true }).inputValue();
    const qr = popup.getByRole('img', { name: 'QR code', exact: true });

    await popup.getByLabel('Foreground', { exact: true }).fill('#1f6feb');
    await popup.getByLabel('Logo', { exact: true }).setInputFiles(LOGO);
    await until(
      async () => {
        const src = decodeURIComponent((await qr.getAttribute('src')) ?? '');
        return src.includes('fill="#1f6feb"') && src.includes('<image ') ? src : null;
      },
      'the preview in the style with the logo',
      OUTCOME_MS,
    );
    // Drawn in that colour: a good share of the preview's pixels are #1f6feb.
    const preview = await pixelsOf(popup, (await qr.getAttribute('src'))!, 400);
    expect(shareOf(preview, [0x1f, 0x6f, 0xeb])).toBeGreaterThan(0.2);
    expect(decode(preview)).toBe(shortUrl);
    await screenshot(popup, 'qr-style-en-light', { fullPage: true });
    await popup.emulateMedia({ colorScheme: 'dark' });
    await screenshot(popup, 'qr-style-en-dark', { fullPage: true });
    await popup.emulateMedia({ colorScheme: 'light' });

    const save = async (button: string) => {
      const [download] = await Promise.all([
        popup.waitForEvent('download', { timeout: OUTCOME_MS }),
        popup.getByRole('button', { name: button, exact: true }).click(),
      ]);
      const file = join(downloads.path, download.suggestedFilename());
      await download.saveAs(file);
      return readFile(file);
    };
    const svg = (await save('Download SVG')).toString('utf8');
    expect(svg).toContain('fill="#1f6feb"');
    expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
    const svgPixels = await pixelsOf(popup, `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, 500);
    expect(decode(svgPixels)).toBe(shortUrl);
    const png = await save('Download PNG');
    const pngPixels = await pixelsOf(popup, `data:image/png;base64,${png.toString('base64')}`, 500);
    expect(shareOf(pngPixels, [0x1f, 0x6f, 0xeb])).toBeGreaterThan(0.2);
    expect(decode(pngPixels)).toBe(shortUrl);

    // Refused before anything is drawn: the reason, and the preview stays as it was.
    const before = await qr.getAttribute('src');
    await popup.getByLabel('Foreground', { exact: true }).fill('#bbbbbb');
    const alert = popup.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'This style is refused: foreground and background have a contrast of 1.9:1, scanners need at least 4.5:1.',
    );
    expect(await qr.getAttribute('src')).toBe(before);
    await screenshot(popup, 'qr-style-refused', { fullPage: true });

    // Remembered for the account: a new popup draws the same style.
    await popup.close();
    const again = await openPopupFor(ext.h, `${ext.sb.url}/page/qr-style-again`);
    await again.getByRole('button', { name: 'Shorten', exact: true }).click();
    const againUrl = await again.getByLabel('Short link', { exact: true }).inputValue();
    const src = await until(
      async () => {
        const s = decodeURIComponent((await again.getByRole('img', { name: 'QR code', exact: true }).getAttribute('src')) ?? '');
        return s.includes('fill="#1f6feb"') ? s : null;
      },
      'the kept style',
      OUTCOME_MS,
    );
    expect(src).toContain('<image ');

    // Make tracked QR code: the service's QR code of type link with the short link, and its scans.
    await again.getByRole('button', { name: 'Make tracked QR code', exact: true }).click();
    await again.getByText(/^Scans: 0$/).waitFor({ timeout: OUTCOME_MS });
    const record = ext.sb.state.forKey(ext.sb.key).qrs.find((q) => q.data === againUrl);
    expect(record).toMatchObject({ type: 'link', data: againUrl, foreground: 'rgb(31,111,235)', background: 'rgb(255,255,255)' });
    expect(await again.getByRole('img', { name: 'Tracked QR code' }).getAttribute('src')).toBe(record!.link);
    expect(await again.getByRole('link', { name: 'Open statistics' }).getAttribute('href')).toBe(
      ext.h.url(`options.html#qr-stats-${record!.id}`),
    );
    // Its image downloaded as the service serves it (read by the worker, not the page).
    const [download] = await Promise.all([
      again.waitForEvent('download', { timeout: OUTCOME_MS }),
      again.getByRole('button', { name: 'Download tracked QR', exact: true }).click(),
    ]);
    const file = join(downloads.path, download.suggestedFilename());
    await download.saveAs(file);
    const served = await (await fetch(record!.link)).text();
    expect((await readFile(file)).toString('utf8')).toBe(served);
    await screenshot(again, 'qr-tracked-en', { fullPage: true });
    await again.close();
    expect(ext.errors.of('popup.html')).toEqual([]);
  });
});

describe('styled QR code (Chromium, German)', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', seed: 'demo' }, language: 'de' });

  it('names the fields and says a refusal in German', async () => {
    const popup = await styledPopup(ext.h, ext.sb, 'qr-style-de', { shorten: 'Kürzen', style: 'Stil' });
    await popup.getByLabel('Vordergrund', { exact: true }).fill('#1f6feb');
    await popup.getByLabel('Logo', { exact: true }).setInputFiles(LOGO);
    const qr = popup.getByRole('img', { name: 'QR-Code', exact: true });
    await until(
      async () => decodeURIComponent((await qr.getAttribute('src')) ?? '').includes('<image '),
      'the logo in the preview',
      OUTCOME_MS,
    );
    await screenshot(popup, 'qr-style-de-light', { fullPage: true });
    await popup.emulateMedia({ colorScheme: 'dark' });
    await screenshot(popup, 'qr-style-de-dark', { fullPage: true });
    await popup.getByLabel('Hintergrund', { exact: true }).fill('#000000');
    expect(await popup.getByRole('alert').textContent()).toMatch(
      /^Dieser Stil wird abgelehnt: Viele Scanner lesen keinen hellen Vordergrund auf dunklem Hintergrund/,
    );
    await popup.close();
  });
});
