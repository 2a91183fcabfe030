/**
 * The bulk page and site rules in Chromium against the sandbox: with "No campaign" on the page, a
 * rule for the addresses' site files them into its campaign and each row and the CSV say so; a
 * campaign chosen on the page wins over the rule. A line with a space inside its address is
 * listed among the skipped lines with why, and never sent.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { evalInWorker, openOptions, readClipboard, OUTCOME_MS, readStorage, until, type ExtensionHarness } from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

/** Stores the account's rules as the options page does (keyed by the connection's fingerprint). */
async function storeRules(h: ExtensionHarness, rules: unknown[]): Promise<void> {
  const options = await openOptions(h);
  const state = await until(
    async () => (await readStorage<{ fingerprint: string | null }>(h, 'connectionState'))?.fingerprint ?? undefined,
    'the connection state',
  );
  await options.close();
  await evalInWorker(h, ({ fp, r }) => chrome.storage.local.set({ linkRules: { [fp]: { presets: [], rules: r, campaignPresets: {} } } }), {
    fp: state,
    r: rules,
  });
}

describe('bulk page and site rules', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro' } });
  const openBulk = async (): Promise<Page> => {
    const page = await ext.h.context.newPage();
    await page.goto(ext.h.url('bulk.html'));
    await page.getByRole('heading', { name: 'Shorten many links' }).waitFor();
    return page;
  };

  it('a line with a space inside its address is listed among the skipped lines with why, and never sent', async () => {
    const page = await openBulk();
    await page.getByRole('textbox', { name: 'Addresses' }).fill([`${ext.sb.url}/page/typo-ok`, 'https://exa mple.com/space'].join('\n'));
    await page.getByText('1 to shorten · 1 skipped').waitFor();
    await page.locator('.bulk-skipped summary').click();
    await page.getByText(/the address goes on after a space \(“mple\.com\/space”\)/).waitFor();
    await page.getByRole('button', { name: 'Shorten all' }).click();
    await page.getByText('1 of 1 made', { exact: true }).waitFor({ timeout: OUTCOME_MS });
    const data = ext.sb.state.forKey(ext.sb.key);
    expect(data.links.filter((l) => l.url === `${ext.sb.url}/page/typo-ok`)).toHaveLength(1);
    expect(data.links.filter((l) => /^https:\/\/exa(\/|$)/.test(l.url)).map((l) => l.url)).toEqual([]);
    await page.close();
  });

  it('"No campaign" lets the rule choose: each row names the rule and its campaign, and so does the CSV; a campaign chosen on the page wins', async () => {
    const data = ext.sb.state.forKey(ext.sb.key);
    const [ruled, chosen] = [data.campaigns[2]!, data.campaigns[1]!];
    const host = new URL(ext.sb.url).hostname;
    await storeRules(ext.h, [
      { id: 'r-bulk', site: `${host}/page/`, domainId: null, campaignId: ruled.id, channelId: null, presetId: null },
    ]);
    const u = (n: number) => `${ext.sb.url}/page/ruled-${n}`;
    const page = await openBulk();
    await page.getByRole('textbox', { name: 'Addresses' }).fill([u(1), u(2), u(3)].join('\n'));
    await page.getByText('3 to shorten').waitFor();
    expect(await page.getByRole('combobox', { name: 'Campaign' }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Shorten all' }).click();
    await page.getByText('3 of 3 made', { exact: true }).waitFor({ timeout: OUTCOME_MS });
    const rows = await page.locator('tr.bulk-row').allTextContents();
    for (const row of rows) expect(row).toContain(`Rule: ${host}/page/ chose campaign “${ruled.name}”`);
    const links = data.links.filter((l) => l.url.includes('/page/ruled-'));
    expect(links.map((l) => l.campaign_id)).toEqual([ruled.id, ruled.id, ruled.id]);
    await page.getByRole('combobox', { name: 'Copy as' }).selectOption('csv');
    await page.getByRole('button', { name: 'Copy all' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied to the clipboard (CSV).' }).waitFor();
    const csv = await readClipboard(ext.h, ext.sb.url);
    const shortOf = new Map(links.map((l) => [l.url, l.short_url]));
    expect(csv.split('\r\n')).toEqual([
      'long_url,short_url,status,campaign,rule',
      ...[1, 2, 3].map((n) => `${u(n)},${shortOf.get(u(n))},made,${ruled.name},${host}/page/`),
      '',
    ]);

    // A new batch with a campaign chosen on the page: the page's choice wins, and the row says so.
    await page.getByRole('button', { name: 'New batch' }).click();
    await page.getByRole('textbox', { name: 'Addresses' }).fill(u(4));
    await page.getByRole('combobox', { name: 'Campaign' }).selectOption(String(chosen.id));
    await page.getByRole('button', { name: 'Shorten all' }).click();
    await page.getByText('1 of 1 made', { exact: true }).waitFor({ timeout: OUTCOME_MS });
    expect(await page.locator('tr.bulk-row').first().textContent()).toContain(`Rule: ${host}/page/ (your choices above are used)`);
    await until(() => data.links.find((l) => l.url === u(4))?.campaign_id === chosen.id, "the page's campaign");
    expect(ext.errors.of('bulk.html')).toEqual([]);
    await page.close();
  });
});
