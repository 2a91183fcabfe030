/**
 * The bulk page with the keyboard alone: "Shorten all" is disabled while the run goes on and
 * "Cancel" goes away once it is pressed; the keyboard's place stays on the page's controls
 * (Cancel, then Copy all), never falls to the page's body (the next Tab would start at the top);
 * "New batch" starts over in an empty Addresses field.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withExtension } from './fixture';
import { OUTCOME_MS } from './harness';

const POLL = { timeout: OUTCOME_MS };

/** The accessible name of the focused element, or "BODY" when focus fell to the page's body. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });

describe('bulk page with the keyboard', () => {
  // One link an hour: the other rows wait, so the run is still going when Cancel is pressed.
  const ext = withExtension({ sandbox: { shortenLimit: 1, shortenWindowMs: 3_600_000 } });

  it('keeps the focus on the run’s controls after "Shorten all" and after "Cancel"', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(ext.h.url('bulk.html'));
    await page.getByRole('heading', { name: 'Shorten many links' }).waitFor();
    const lines = [1, 2, 3].map((n) => `${ext.sb.url}/page/keys-${n}`);
    await page.getByRole('textbox', { name: 'Addresses' }).fill(lines.join('\n'));
    await page.getByText('3 to shorten').waitFor();

    await page.getByRole('button', { name: 'Shorten all' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Cancel' }).waitFor(POLL);
    await expect.poll(() => focused(page), POLL).toBe('Cancel');

    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'New batch' }).waitFor(POLL);
    await expect.poll(() => focused(page), POLL).toBe('Copy all');

    // "New batch" (Tab from Copy all: Copy as, Download CSV, New batch) starts over in an empty Addresses.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect.poll(() => focused(page), POLL).toBe('New batch');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('bulk-addresses');
    expect(await page.getByRole('textbox', { name: 'Addresses' }).inputValue()).toBe('');
    await page.close();
  });

  it('a cancelled run says "Cancelled: …" in the text\'s colour (not the success green), and still after a reload', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(ext.h.url('bulk.html'));
    await page.getByRole('textbox', { name: 'Addresses' }).fill([1, 2].map((n) => `${ext.sb.url}/page/stop-${n}`).join('\n'));
    await page.getByText('2 to shorten').waitFor();
    await page.getByRole('button', { name: 'Shorten all' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click(POLL);
    const note = page.getByRole('status').filter({ hasText: /^Cancelled: [01] of 2 made; (one address was|2 addresses were) not sent\.$/ });
    await note.waitFor(POLL);
    /** The note's colour beside the page's text colour and a success status's. */
    const colours = () =>
      note.evaluate((el) => {
        const ok = document.createElement('p');
        ok.setAttribute('role', 'status');
        document.body.append(ok);
        const okColour = getComputedStyle(ok).color;
        ok.remove();
        return { note: getComputedStyle(el).color, text: getComputedStyle(document.body).color, ok: okColour };
      });
    const before = await colours();
    expect(before.note).toBe(before.text);
    expect(before.note).not.toBe(before.ok);
    await page.reload();
    await note.waitFor(POLL);
    expect((await colours()).note).toBe(before.text);
    expect(await page.getByRole('row').count()).toBe(3);
    await page.close();
  });
});
