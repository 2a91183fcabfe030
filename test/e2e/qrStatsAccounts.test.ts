/**
 * The options page opened by a tracked QR code's "Open statistics" (options.html#qr-stats-<id>)
 * stays drawn when another account becomes current: through "Add connection" on that page, and
 * through "Use" in another options tab. Chromium 150 answers scrollIntoView with a Promise; an
 * effect that handed it back to React made the page blank ("l is not a function").
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { openOptions, openPopupFor } from './harness';
import { withExtension } from './fixture';

const POLL = { timeout: 15_000 };

describe('options opened for a tracked QR code, then another account', () => {
  const ext = withExtension({ sandbox: { mainLimit: 100_000 } });
  let second: Sandbox;
  let statsUrl: string;

  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  /** The page is drawn: its heading, its sections, and no part in place of a failed one. */
  const drawn = async (page: Page) => {
    await page.getByRole('heading', { level: 1 }).waitFor(POLL);
    await region(page, 'QR codes').waitFor(POLL);
    expect(await page.getByText('This part could not be shown', { exact: false }).count()).toBe(0);
    expect(ext.errors.of('options.html')).toEqual([]);
  };

  beforeAll(async () => {
    second = await startSandbox({ port: 0, plan: 'pro', seed: 'empty', key: 'second-account-key-3333' });
    second.state.forKey(second.key).channels.push({ id: 9002, name: 'Second channel', description: '', color: '', starred: false });
    // Popup → Shorten → Make tracked QR code → the address of "Open statistics".
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/qr-stats-accounts`);
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await popup.getByRole('button', { name: 'Make tracked QR code', exact: true }).click();
    const open = popup.getByRole('link', { name: 'Open statistics' });
    statsUrl = (await open.getAttribute('href', POLL))!;
    expect(statsUrl).toMatch(/options\.html#qr-stats-\d+$/);
    await popup.close();
  });
  afterAll(async () => {
    await second?.close();
  });

  it('Add connection on the statistics page: the new account is shown, the page stays', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(statsUrl);
    await page.getByRole('region', { name: /^Statistics of QR code/ }).waitFor(POLL);
    await region(page, 'Connections').getByRole('button', { name: 'Add connection', exact: true }).click();
    const form = region(page, 'Connections').getByRole('form', { name: 'Add connection', exact: true });
    await form.getByLabel('Connection name', { exact: true }).fill('Second');
    await form.getByLabel('Service URL', { exact: true }).fill(second.url);
    await form.getByLabel('API key', { exact: true }).fill(second.key);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await region(page, 'Channels').getByText('Second channel', { exact: true }).waitFor(POLL);
    await drawn(page);
    await page.close();
  });

  it('Use in another options tab: the statistics page follows the account and stays', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(statsUrl);
    await page.getByRole('region', { name: /^Statistics of QR code/ }).waitFor(POLL);
    const other = await openOptions(ext.h);
    const first = region(other, 'Connections')
      .getByRole('listitem')
      .filter({ hasNot: other.getByText('Second', { exact: true }) });
    await first.getByRole('button', { name: 'Use', exact: true }).click(POLL);
    const firstChannel = ext.sb.state.forKey(ext.sb.key).channels[0]!.name;
    await region(page, 'Channels').getByText(firstChannel, { exact: true }).waitFor(POLL);
    await drawn(page);
    await other.close();
    await page.close();
  });
});
