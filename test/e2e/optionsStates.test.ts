/**
 * The fixed states of the options page a new user meets, in Chromium against the sandbox, each
 * looked at in a screenshot: a bad field named by its label and marked, colours in either form
 * with the swatch of what will be sent, "Forget key" asked inline, a Service URL ending with /api,
 * long lists searched and paged, and QR statistics that are not available.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOptions, screenshot, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

const POLL = { timeout: OUTCOME_MS };

describe('options states', () => {
  const ext = withExtension({
    sandbox: { mainLimit: 100_000 },
    beforeLaunch: (sandbox) => {
      // A long account: 230 campaigns.
      const campaigns = sandbox.state.forKey(sandbox.key).campaigns;
      const first = Math.max(0, ...campaigns.map((c) => c.id)) + 1;
      const more = 230 - campaigns.length;
      for (let i = 0; i < more; i++)
        campaigns.push({ ...campaigns[0]!, id: first + i, name: `Long campaign ${String(i + 1).padStart(3, '0')}` });
    },
    configure: false,
  });
  let page: Page;
  const region = (name: string) => page.getByRole('region', { name, exact: true });

  beforeAll(async () => {
    page = await openOptions(ext.h);
  });

  it('connects; a Service URL ending with /api is refused with the base address', async () => {
    await page.getByLabel('Service URL', { exact: true }).fill(`${ext.sb.url}/api`);
    await page.getByLabel('API key', { exact: true }).fill(ext.sb.key);
    await region('Connection').getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => region('Connection').getByRole('alert').textContent(), POLL)
      .toBe(`Use the service’s base address, without /api at the end: ${ext.sb.url}`);
    await screenshot(page, 'options-url-api');
    await page.getByLabel('Service URL', { exact: true }).fill(ext.sb.url);
    await region('Connection').getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => region('Connection').getByRole('status').textContent(), POLL).toContain('Connected');
  });

  it('"Forget key" asks inline first', async () => {
    await region('Connection').getByRole('button', { name: 'Forget key', exact: true }).click();
    await region('Connection').getByText('Forget the saved API key?', { exact: false }).waitFor(POLL);
    await screenshot(page, 'options-forget-confirm');
    await region('Connection').getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await region('Connection').getByRole('status').textContent()).toContain('Connected');
  });

  it('a bad field is named by its label, marked and focused', async () => {
    const form = region('QR codes').getByRole('form', { name: 'New QR code', exact: true });
    await form.getByLabel('Type', { exact: true }).selectOption('wifi');
    await form.getByRole('button', { name: 'Create QR code', exact: true }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), POLL).toBe('Network name (SSID) is required.');
    expect(await form.getByLabel('Network name (SSID)', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('data.ssid');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'options-field-message');
  });

  it('colours in either form, the swatch showing what will be sent and nothing when empty', async () => {
    const form = region('QR codes').getByRole('form', { name: 'New QR code', exact: true });
    await form.getByLabel('Type', { exact: true }).selectOption('link');
    await form.getByLabel('URL', { exact: true }).fill('https://example.com/menu');
    await form.getByLabel('Background colour', { exact: true }).fill('#00ff00');
    expect(await form.getByLabel('Pick background colour', { exact: true }).inputValue()).toBe('#00ff00');
    expect(await form.getByLabel('Pick foreground colour', { exact: true }).getAttribute('class')).toContain('none');
    await form.getByLabel('Background colour', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'options-colours');
    await form.getByRole('button', { name: 'Create QR code', exact: true }).click();
    await expect
      .poll(() => ext.sb.state.forKey(ext.sb.key).qrs.find((q) => q.data === 'https://example.com/menu')?.background, POLL)
      .toBe('rgb(0,255,0)');
  });

  it('a long list is searched and paged', async () => {
    const campaigns = region('Campaigns');
    await expect.poll(() => campaigns.getByText('Showing 1–50 of 230').count(), POLL).toBe(1);
    expect(await campaigns.getByRole('list', { name: 'Campaigns', exact: true }).locator(':scope > li').count()).toBe(50);
    await campaigns.getByLabel('Search Campaigns', { exact: true }).fill('long campaign 20');
    const matching = ext.sb.state.forKey(ext.sb.key).campaigns.filter((c) => c.name.toLowerCase().includes('long campaign 20')).length;
    expect(matching).toBeGreaterThan(1);
    await expect.poll(() => campaigns.getByText(`Showing 1–${matching} of ${matching}`).count(), POLL).toBe(1);
    await campaigns.getByLabel('Search Campaigns', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'options-search');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(38_000);
  });

  it('QR statistics that are not available say so', async () => {
    const empty =
      ext.sb.state.forKey(ext.sb.key).qrs.find((q) => q.stats === null && q.scans > 0) ??
      ext.sb.state.forKey(ext.sb.key).qrs.find((q) => q.stats === null)!;
    const qrs = region('QR codes');
    await qrs.getByRole('button', { name: `Statistics of QR code ${empty.name}`, exact: true }).click();
    const panel = page.getByRole('region', { name: `Statistics of QR code ${empty.name}`, exact: true });
    await expect.poll(() => panel.textContent(), POLL).toMatch(/Statistics are not available for this QR code\.|No scans yet/);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'options-qr-no-stats');
  });

  it('logged no errors on the page', () => {
    expect(ext.errors.of('options.html')).toEqual([]);
  });
});
