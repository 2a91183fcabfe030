/**
 * The popup at a phone's width (Firefox for Android opens it as a page the width of the screen:
 * 360 CSS pixels on many phones), in Chromium: nothing wider than the screen (no sideways
 * scrolling), the form and the result usable. Screenshots: popup-phone-ready, popup-phone-result.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OUTCOME_MS, openPopupFor, screenshot } from './harness';
import { withExtension } from './fixture';

const PHONE = { width: 360, height: 740 };

/** What sticks out past the right edge of the viewport (selectors of the widest offenders), and the page's scroll width. */
const overflow = (p: Page) =>
  p.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > width + 0.5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 8) };
  });

/** Nothing wider than the page's width (the viewport, less a vertical scrollbar where the browser draws one beside the page). */
async function fits(p: Page): Promise<void> {
  const seen = await overflow(p);
  expect(seen.width).toBeLessThanOrEqual(PHONE.width);
  expect(seen.width).toBeGreaterThan(PHONE.width - 20);
  expect(seen).toEqual({ scrollWidth: seen.width, width: seen.width, wide: [] });
}

describe('the popup at a phone’s width (360 px)', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', seed: 'demo' } });

  it('fits the screen: no sideways scrolling, the form and the made link usable', async () => {
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/on-a-phone?utm_source=newsletter`, { viewport: PHONE });
    await popup.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select#domain')?.options.length ?? 0) >= 2, undefined, {
      timeout: OUTCOME_MS,
    });
    await popup.waitForFunction(() => !document.body.textContent?.includes('Loading…'), undefined, { timeout: OUTCOME_MS });
    await screenshot(popup, 'popup-phone-ready');
    await fits(popup);

    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    const short = popup.getByLabel('Short link', { exact: true });
    await short.waitFor({ timeout: OUTCOME_MS });
    await popup.getByRole('img', { name: 'QR code' }).waitFor({ timeout: OUTCOME_MS });
    // The viewport, scrolled to the result (a full-page capture is cut at the width left beside a
    // vertical scrollbar, which a phone overlays).
    await popup.evaluate(() => document.querySelector('.result')?.scrollIntoView({ block: 'start' }));
    await screenshot(popup, 'popup-phone-result');
    await fits(popup);
    // The short link and its buttons are within reach.
    for (const name of ['Copy', 'Download PNG']) {
      const box = await popup.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= (await overflow(popup)).width).toBe(true);
    }
    await popup.close();
  });

  it('made no page errors', () => {
    expect(ext.errors.of('popup.html')).toEqual([]);
  });
});
