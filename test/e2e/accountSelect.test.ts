/**
 * The popup's select "Account" in Chromium against two sandboxes (several connections): it shows
 * once a second connection is saved, and a warm switch shows the other account's campaigns from
 * its cache with no request to either service.
 *
 * The second connection is added with the worker's own message (the options page's "Add
 * connection" sends the same), raw as in worker.test.ts: `{id, type, data, timestamp}`.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { configureExtension, openPopupFor, screenshot, until, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

/** Sends one raw message of the protocol from an extension page; its answer (`{res}`). */
function send(page: Page, type: string, data?: unknown): Promise<{ res?: { ok: boolean; value?: unknown; error?: unknown } }> {
  return page.evaluate((m) => new Promise((resolve) => chrome.runtime.sendMessage(m, (answer: unknown) => resolve(answer as never))), {
    id: 1,
    type,
    data,
    timestamp: Date.now(),
  });
}

/** The Campaign select's option texts. */
const campaignOptions = (p: Page) => p.locator('select#campaign option').allTextContents();

/** Resolves when the form's lists are there and no request of the popup is still under way. */
async function ready(p: Page): Promise<void> {
  await p.waitForFunction(
    () =>
      (document.querySelector<HTMLSelectElement>('select#domain')?.options.length ?? 0) >= 1 &&
      !document.querySelector('[aria-busy="true"]'),
    undefined,
    { timeout: OUTCOME_MS },
  );
}

describe('the popup’s select "Account"', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', seed: 'demo' }, configure: false });
  let second: Sandbox;

  beforeAll(async () => {
    second = await startSandbox({ port: 0, plan: 'pro', seed: 'empty', key: 'second-account-key-2222' });
    await configureExtension(ext.h, { serviceUrl: ext.sb.url, apiKey: ext.sb.key });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('shows once a second connection is saved, and a warm switch shows the other account’s campaigns with no request', async () => {
    const page = `${ext.sb.url}/page/article`;
    const demoCampaigns = ext.sb.state.forKey(ext.sb.key).campaigns.map((c) => c.name);
    expect(demoCampaigns.length).toBeGreaterThan(0);

    // One connection: no select; the popup warms the first account's cache.
    let popup = await openPopupFor(ext.h, page);
    await until(async () => (await campaignOptions(popup)).length === demoCampaigns.length + 1, 'the first account’s campaigns');
    expect(await popup.getByLabel('Account', { exact: true }).count()).toBe(0);
    const added = await send(popup, 'addConnection', { name: 'Client B', serviceUrl: second.url, apiKey: second.key });
    expect(added.res?.ok).toBe(true);
    await popup.close();

    // The second account is current: its popup warms its cache and names both.
    popup = await openPopupFor(ext.h, page);
    const account = popup.getByLabel('Account', { exact: true });
    await account.waitFor({ timeout: OUTCOME_MS });
    await until(async () => (await campaignOptions(popup)).length === 1, 'the second account’s (no) campaigns');
    await ready(popup);
    expect(await account.locator('option').allTextContents()).toEqual(
      ['127.0.0.1:' + new URL(ext.sb.url).port, 'Client B'].sort((a, b) => a.localeCompare(b)),
    );
    expect(await account.locator('option:checked').textContent()).toBe('Client B');

    // Both caches are warm: switching back and forth asks neither service.
    const sent = () => ext.sb.log.length + second.log.length;
    const before = sent();
    await account.selectOption({ label: '127.0.0.1:' + new URL(ext.sb.url).port });
    await until(
      async () => (await campaignOptions(popup)).length === demoCampaigns.length + 1,
      'the first account’s campaigns after the switch',
    );
    await ready(popup);
    expect((await campaignOptions(popup)).slice(1).sort()).toEqual([...demoCampaigns].sort());
    await screenshot(popup, 'popup-account');
    await account.selectOption({ label: 'Client B' });
    await until(async () => (await campaignOptions(popup)).length === 1, 'the second account’s campaigns after switching back');
    await ready(popup);
    expect(sent()).toBe(before);
    await popup.close();
  }, 90_000);
});
