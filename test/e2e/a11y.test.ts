/**
 * Accessibility: axe-core in Chromium on the popup (form and result), the options page
 * (connected, every section loaded) and the QR view. No serious or critical violation, and
 * every flow used here is driven with the keyboard alone (Tab, Enter, Space).
 *
 * axe is evaluated through DevTools (page.evaluate), which the extension pages' CSP
 * (script-src 'self') does not apply to; nothing is added to the extension.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openOptions, openPopupFor, screenshot, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe on the page; returns the serious and critical violations, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/** Presses Tab until the element with `name` (button or field) has focus; fails after 60 presses. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
      return (labelled ?? el.textContent ?? '').trim();
    });
    if (focused === name) return;
  }
  throw new Error(`"${name}" was not reached with the Tab key`);
}

const ext = withExtension({ sandbox: { port: 0, plan: 'pro', mainLimit: 100_000 } });

describe('accessibility', () => {
  it('the popup has no serious violation, and shortens with the keyboard alone', async () => {
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/a11y`);
    await popup.getByRole('button', { name: 'Shorten', exact: true }).waitFor();
    expect(await seriousViolations(popup)).toEqual([]);
    // Keyboard only: the Long URL field has focus; Tab to Shorten and press Enter.
    await tabTo(popup, 'Shorten');
    await popup.keyboard.press('Enter');
    await popup.getByRole('img', { name: 'QR code' }).waitFor({ timeout: OUTCOME_MS });
    expect(ext.sb.state.forKey(ext.sb.key).links.some((l) => l.url === `${ext.sb.url}/page/a11y`)).toBe(true);
    expect(await seriousViolations(popup)).toEqual([]);
    await screenshot(popup, 'a11y-popup-result');
    // Deleting it from Recent links with the keyboard: the keyboard stays in the popup's lower
    // part after the row goes (the next Tab does not start again from the top).
    const short = await popup.getByLabel('Short link', { exact: true }).inputValue();
    await popup
      .getByRole('button', { name: `Delete ${short}`, exact: true })
      .last()
      .focus();
    await popup.keyboard.press('Enter');
    await popup.getByRole('button', { name: `Yes, delete ${short}`, exact: true }).focus();
    await popup.keyboard.press('Enter');
    await popup.waitForFunction((s) => !document.querySelector('section.recent')?.textContent?.includes(s), short, { timeout: OUTCOME_MS });
    await popup.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: OUTCOME_MS });
    expect(await popup.evaluate(() => document.activeElement?.closest('section')?.className ?? document.activeElement?.tagName)).toMatch(
      /recent|result/,
    );
    await popup.close();
  });

  it('the options page has no serious violation once every section is loaded', async () => {
    const options = await openOptions(ext.h);
    await options.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: OUTCOME_MS });
    // Wait for the lists (the last demo splash page is on a later page of the list).
    await options.getByText('Splash', { exact: false }).first().waitFor();
    await options.waitForFunction(() => !document.body.textContent?.includes('Loading…'), undefined, { timeout: OUTCOME_MS });
    expect(await seriousViolations(options)).toEqual([]);
    await options.close();
  });

  it('the bulk page has no serious violation, and runs a batch with the keyboard alone', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(ext.h.url('bulk.html'));
    await page.getByRole('heading', { name: 'Shorten many links' }).waitFor();
    // Keyboard only: Tab to Addresses, type, Tab to "Shorten all" and press Enter.
    await tabTo(page, 'Addresses');
    await page.keyboard.type(`${ext.sb.url}/page/a11y-bulk-1\nnot an address\n${ext.sb.url}/page/a11y-bulk-2`);
    await tabTo(page, 'Shorten all');
    await page.keyboard.press('Enter');
    await page.getByText('2 of 2 made', { exact: true }).waitFor({ timeout: OUTCOME_MS });
    await page.getByText(/Skipped lines/).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('the QR view has no serious violation', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(ext.h.url(`qr.html?url=${encodeURIComponent(`${ext.sb.url}/page/qr`)}`));
    await page.getByRole('img', { name: 'QR code' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The check itself sees a real violation: a button with no name is critical for axe.
    await page.evaluate(() => document.body.appendChild(document.createElement('button')));
    expect((await seriousViolations(page)).join('\n')).toMatch(/button-name/);
    await page.close();
  });
});
