/**
 * Options changes on a real deployment's terms, in Chromium against the sandbox: a change made
 * while the main rate budget is spent says that it waits and until when, a second press meanwhile
 * is refused with its reason (never dropped), the note names the item it speaks of and the
 * fields typed meanwhile are kept; and connecting to another service starts a clean page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { openOptions, screenshot, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

const POLL = { timeout: OUTCOME_MS };

describe('options changes', () => {
  // The test spends the main budget for a known time, then waits for it to refill.
  const ext = withExtension({ sandbox: { seed: 'empty' }, configure: false });
  let other: Sandbox;
  let page: Page;
  const region = (name: string) => page.getByRole('region', { name, exact: true });

  async function save(serviceUrl: string, apiKey: string) {
    await page.getByLabel('Service URL', { exact: true }).fill(serviceUrl);
    await page.getByLabel('API key', { exact: true }).fill(apiKey);
    await region('Connection').getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => region('Connection').getByRole('status').textContent(), POLL).toContain(serviceUrl);
  }

  beforeAll(async () => {
    other = await startSandbox({ seed: 'empty', key: 'other-service-key-4321' });
    page = await openOptions(ext.h);
  });
  afterAll(() => other?.close());

  it('connects to a service with an empty account', async () => {
    await save(ext.sb.url, ext.sb.key);
    await expect.poll(() => region('Pixels').textContent(), POLL).toContain('No pixels yet.');
  });

  it('a change while the rate limit is spent says it waits and when; a second press is refused with the reason', async () => {
    // The main budget spent for 25 s from now (as other clients of the account would spend it): long
    // enough on a busy machine for both presses below, whatever the window's placement.
    ext.sb.spendBudget('main', 25_000);
    const form = region('Pixels').getByRole('form', { name: 'New pixel', exact: true });
    await form.getByLabel('Name', { exact: true }).fill('First');
    await form.getByLabel('Tag', { exact: true }).fill('first-tag');
    await form.getByRole('button', { name: 'Create pixel', exact: true }).click();
    await expect
      .poll(() => form.textContent(), { timeout: OUTCOME_MS })
      .toMatch(/Waiting for the rate limit: this change will be sent at about \d\d:\d\d\./);
    await screenshot(page, 'options-change-waiting');

    // Another pixel typed meanwhile: its press is refused, and says why.
    await form.getByLabel('Name', { exact: true }).fill('Second');
    await form.getByLabel('Tag', { exact: true }).fill('second-tag');
    await form.getByRole('button', { name: 'Create pixel', exact: true }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), POLL)
      .toMatch(/^Not sent: the previous change is waiting for the rate limit \(until about \d\d:\d\d\)/);
    await screenshot(page, 'options-press-refused');

    // The first is sent when the window refills; its note names it, and what was typed since is kept.
    await expect.poll(() => ext.sb.state.forKey(ext.sb.key).pixels.map((p) => p.name), { timeout: 60_000 }).toEqual(['First']); // after the 25 s
    await expect.poll(() => form.textContent(), POLL).toContain('Pixel “First” created.');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Second');
    expect(await form.getByLabel('Tag', { exact: true }).inputValue()).toBe('second-tag');
    await screenshot(page, 'options-change-sent');

    // Pressed again, the second one is sent.
    await form.getByRole('button', { name: 'Create pixel', exact: true }).click();
    await expect
      .poll(
        () =>
          ext.sb.state
            .forKey(ext.sb.key)
            .pixels.map((p) => p.name)
            .sort(),
        { timeout: 40_000 },
      )
      .toEqual(['First', 'Second']);
    await expect.poll(() => form.textContent(), POLL).toContain('Pixel “Second” created.');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await form.getByRole('alert').count()).toBe(0);
  }, 120_000);

  it('connecting to another service starts a clean page: no message of the old one stays', async () => {
    ext.sb.resetRateLimits();
    const campaigns = region('Campaigns').getByRole('form', { name: 'New campaign', exact: true });
    await campaigns.getByLabel('Name', { exact: true }).fill('Old campaign');
    await campaigns.getByRole('button', { name: 'Create campaign', exact: true }).click();
    await expect.poll(() => campaigns.textContent(), POLL).toContain('Campaign “Old campaign” created.');
    const domains = region('Domains').getByRole('form', { name: 'New domain', exact: true });
    await domains.getByLabel('Domain', { exact: true }).fill('example');
    await domains.getByRole('button', { name: 'Add domain', exact: true }).click();
    await expect.poll(() => domains.getByRole('alert').textContent(), POLL).toMatch(/^Domain must be a web address/);

    await save(other.url, other.key);
    await expect.poll(() => region('Campaigns').textContent(), POLL).toContain('No campaigns yet.');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('Old campaign');
    expect(text).not.toContain('Pixel “');
    expect(text).not.toContain('must be a web address');
    expect(await page.locator('main [role="alert"]').count()).toBe(0);
    expect(await region('Domains').getByLabel('Domain', { exact: true }).inputValue()).toBe('');
    await screenshot(page, 'options-new-connection');
  }, 60_000);

  it('logged no errors on the page', () => {
    expect(ext.errors.of('options.html')).toEqual([]);
  });
});
