/**
 * The options page's forms as drawn: a colour field sits under its label as closely as any
 * other field (its row is not spaced like a row of buttons), at the page's width and at 420 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOptions, OUTCOME_MS } from './harness';
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
});
