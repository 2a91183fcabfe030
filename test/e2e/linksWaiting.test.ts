/**
 * "Links waiting" in Chromium against the sandbox (its budget spent): two presses wait, both are
 * listed in the popup, one is cancelled with the keyboard alone (Tab to its Cancel, Enter), the
 * focus stays in the list, and the other is made later and shows in Recent links; the cancelled
 * one is never made.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPopupFor, screenshot, sleep, until, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

/** The aria-label of the focused element (null: none, or the page's body). */
const focusedLabel = (p: Page) =>
  p.evaluate(() =>
    document.activeElement === document.body
      ? null
      : (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? null),
  );

describe('links waiting', () => {
  // One shorten per 5 s, the window opening at the first request: the presses after the first wait.
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', shortenLimit: 1, shortenWindowMs: 5000, rateWindow: 'first-request' } });

  it('lists both waiting links; one cancelled by keyboard, the other made later and in Recent links', async () => {
    const sb = ext.sb;
    const [a, b] = [`${sb.url}/page/wait-a`, `${sb.url}/page/wait-b`];
    const popup = await openPopupFor(ext.h, `${sb.url}/page/first`);
    const longUrl = popup.getByLabel('Long URL', { exact: true });
    const status = popup.getByRole('status');
    await popup.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select#domain')?.options.length ?? 0) >= 2, undefined, {
      timeout: OUTCOME_MS,
    });
    await longUrl.press('Enter');
    await popup.getByLabel('Short link', { exact: true }).waitFor({ timeout: OUTCOME_MS });
    for (const url of [a, b]) {
      await longUrl.fill(url);
      await longUrl.press('Enter');
      await until(async () => (await popup.getByRole('button', { name: `Cancel ${url}`, exact: true }).count()) === 1, `the row of ${url}`);
    }
    const region = popup.getByRole('region', { name: 'Links waiting' });
    expect(await region.getByRole('heading', { name: 'Links waiting' }).count()).toBe(1);
    expect(await region.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining(a), expect.stringContaining(b)]);
    // Each address has a line of its own (not squeezed beside its time into a narrow column), its Cancel at the row's end.
    const rows = await region.getByRole('listitem').evaluateAll((lis) =>
      lis.map((li) => ({
        row: li.getBoundingClientRect(),
        address: li.querySelector('.mono')!.getBoundingClientRect(),
        cancel: li.querySelector('button')!.getBoundingClientRect(),
      })),
    );
    for (const { row, address, cancel } of rows) {
      expect(address.width).toBeGreaterThan(row.width * 0.95);
      expect(cancel.right).toBeGreaterThan(row.right - 2);
    }
    await screenshot(popup, 'popup-links-waiting');

    // The keyboard alone: Tab from Long URL to a's Cancel, then Enter.
    await longUrl.focus();
    for (let i = 0; i < 40 && (await focusedLabel(popup)) !== `Cancel ${a}`; i++) await popup.keyboard.press('Tab');
    expect(await focusedLabel(popup)).toBe(`Cancel ${a}`);
    await popup.keyboard.press('Enter');
    await until(
      async () => (await popup.getByRole('button', { name: `Cancel ${a}`, exact: true }).count()) === 0,
      'the cancelled row gone',
      OUTCOME_MS,
    );
    expect(await status.textContent()).toBe(`Cancelled: the link for ${a} was not made.`);
    // The focus stays in the list, on the row left (not thrown back to the page's top).
    await until(async () => (await focusedLabel(popup)) === `Cancel ${b}`, 'the focus on the row left', OUTCOME_MS);
    expect(await region.getByRole('listitem').count()).toBe(1);

    // b is made in a later window: its row goes, and the link is in Recent links.
    await until(() => sb.state.forKey(sb.key).links.find((l) => l.url === b) ?? null, 'b made in the sandbox', OUTCOME_MS);
    const made = sb.state.forKey(sb.key).links.find((l) => l.url === b)!;
    const recent = popup.getByRole('region', { name: 'Recent links' });
    await until(async () => ((await recent.textContent()) ?? '').includes(made.short_url), 'b in Recent links', OUTCOME_MS);
    await until(async () => (await region.count()) === 0, '"Links waiting" gone once nothing waits', OUTCOME_MS);
    await screenshot(popup, 'popup-links-waiting-made');
    await sleep(5500); // a's window has passed: it would have been made by now
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === a)).toHaveLength(0);
    await popup.close();
  }, 90_000);

  it('made no page errors', () => {
    expect(ext.errors.of('popup.html')).toEqual([]);
  });
});
