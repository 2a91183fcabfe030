/**
 * The options page's forms as drawn: a colour field sits under its label as closely as any
 * other field (its row is not spaced like a row of buttons), at the page's width and at 420 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOptions, OUTCOME_MS, screenshot } from './harness';
import { withExtension } from './fixture';

/** The space between a field's label and its input, in CSS pixels. */
const gapUnder = (page: Page, form: string, label: string) =>
  page.evaluate(
    ([form, label]) => {
      const f = document.querySelector(`form[aria-label="${form}"]`)!;
      const l = [...f.querySelectorAll('label')].find((x) => x.textContent === label)!;
      const input = document.getElementById(l.htmlFor)!;
      return Math.round(input.getBoundingClientRect().top - l.getBoundingClientRect().bottom);
    },
    [form, label] as const,
  );

describe('options page layout', () => {
  const ext = withExtension({});
  let page: Page;

  beforeAll(async () => {
    page = await openOptions(ext.h);
    await page.getByRole('form', { name: 'New channel' }).waitFor({ timeout: OUTCOME_MS });
  });

  it.each([800, 420])('a colour field is as close to its label as a text field (%i px)', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    const name = await gapUnder(page, 'New channel', 'Name');
    // The colour input is centred beside its taller picker: a pixel or two lower, no more.
    expect(await gapUnder(page, 'New channel', 'Colour')).toBeLessThanOrEqual(name + 3);
    expect(await gapUnder(page, 'New QR code', 'Background colour')).toBeLessThanOrEqual(name + 3);
  });

  it('at 600 px the page keeps a margin on the right as on the left, and nothing is wider than the window', async () => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'options-600', { fullPage: true });
    const box = await page.evaluate(() => {
      const main = document.querySelector('.options-main')!.getBoundingClientRect();
      // The right edge of whatever is drawn inside the page's content (a form, a list, a button).
      let right = 0;
      for (const el of document.querySelectorAll('.options-layout *')) right = Math.max(right, el.getBoundingClientRect().right);
      return { left: main.left, right, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth };
    });
    expect(box.scroll).toBe(box.width);
    expect(box.left).toBeGreaterThanOrEqual(12);
    expect(box.width - box.right).toBeGreaterThanOrEqual(box.left - 1);
  });

  it("a section link moves the keyboard to the section's heading (a screen reader says it), and Tab goes on inside that section", async () => {
    await page.setViewportSize({ width: 1000, height: 900 });
    const nav = page.getByRole('navigation');
    const focused = () =>
      page.evaluate(() => ({
        tag: document.activeElement?.tagName,
        text: document.activeElement?.textContent,
        section: document.activeElement?.closest('section')?.id,
      }));
    await nav.getByRole('link', { name: 'Site rules' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toEqual({ tag: 'H2', text: 'Site rules', section: 'site-rules' });
    await page.keyboard.press('Tab');
    expect((await focused()).section).toBe('site-rules');
    await nav.getByRole('link', { name: 'Preferences' }).click();
    await expect.poll(focused).toEqual({ tag: 'H2', text: 'Preferences', section: 'preferences' });
  });
});
