/**
 * Several accounts on the options page, in Chromium against two sandboxes (two services, two
 * keys): the first connection named, a second added through "Add connection" (verified, then in
 * use: its account and lists on the page), "Use" back to the first, and "Forget" of the second.
 * Controls are found by the accessible names of docs/ARCHITECTURE.md.
 *
 * The tests run in order on one options page (each builds on the last).
 */
import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { join } from 'node:path';
import { openOptions, readStorage, SCREENSHOT_DIR, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

const POLL = { timeout: OUTCOME_MS };

describe('options: several connections', () => {
  const ext = withExtension({ sandbox: { mainLimit: 100_000 } });
  let second: Sandbox;
  let page: Page;

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const press = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true }).click();
  const status = () => region('Connection').getByRole('status');
  /** The names listed in Connections, in page order, "Current" marked with a star. */
  const listed = (): Promise<string[]> =>
    region('Connections')
      .getByRole('list', { name: 'Connections', exact: true })
      .evaluate((ul) =>
        [...ul.children].map(
          (li) => `${li.querySelector('.name')?.textContent ?? ''}${li.getAttribute('aria-current') === 'true' ? ' *' : ''}`,
        ),
      )
      .catch(() => []);
  const item = (name: string) =>
    region('Connections')
      .getByRole('listitem')
      .filter({ has: page.getByText(name, { exact: true }) });
  const note = () => region('Connections').locator('p.note').textContent();

  beforeAll(async () => {
    second = await startSandbox({ port: 0, plan: 'pro', seed: 'empty', key: 'second-account-key-2222' });
    const data = second.state.forKey(second.key);
    data.account.email = 'client@example.com';
    data.channels.push({ id: 9001, name: 'Client channel', description: '', color: '', starred: false });
    page = await openOptions(ext.h);
    await status().filter({ hasText: 'demo@example.com' }).waitFor(POLL);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('lists the one saved connection, current, by its host until it is named', async () => {
    const host = new URL(ext.sb.url).host;
    await expect.poll(listed, POLL).toEqual([`${host} *`]);
    expect(await item(host).textContent()).toContain(`••••${ext.sb.key.slice(-4)}`);
    await press(item(host), 'Rename');
    await region('Connections').getByLabel('Connection name', { exact: true }).fill('Agency');
    await press(region('Connections'), 'Save name');
    await expect.poll(note, POLL).toBe('Connection renamed to “Agency”.');
    await expect.poll(listed, POLL).toEqual(['Agency *']);
    expect(await region('Connection').getByLabel('Connection name', { exact: true }).inputValue()).toBe('Agency');
  });

  it('adds a second connection, which is then in use: its account and lists on the page', async () => {
    await press(region('Connections'), 'Add connection');
    const form = region('Connections').getByRole('form', { name: 'Add connection' });
    await form.getByLabel('Connection name', { exact: true }).fill('Client');
    await form.getByLabel('Service URL', { exact: true }).fill(second.url);
    await form.getByLabel('API key', { exact: true }).fill(second.key);
    await press(form, 'Save');
    await expect.poll(note, POLL).toBe('Connection “Client” added and in use.');
    expect(await form.count()).toBe(0);
    await expect.poll(listed, POLL).toEqual(['Client *', 'Agency']);
    await expect.poll(() => status().textContent(), POLL).toMatch(/client@example\.com/);
    expect(await status().textContent()).toContain(second.url);
    await region('Channels').getByText('Client channel', { exact: true }).waitFor(POLL);
    expect(await page.evaluate((k) => document.documentElement.outerHTML.includes(k), second.key)).toBe(false);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await region('Connections').screenshot({ path: join(SCREENSHOT_DIR, 'options-connections.png') });
  });

  it('Use makes the first current again: its account and its lists', async () => {
    await press(item('Agency'), 'Use');
    await expect.poll(note, POLL).toBe('Now using connection “Agency”.');
    await expect.poll(listed, POLL).toEqual(['Agency *', 'Client']);
    await expect.poll(() => status().textContent(), POLL).toMatch(/demo@example\.com/);
    const firstChannel = ext.sb.state.forKey(ext.sb.key).channels[0]!.name;
    await region('Channels').getByText(firstChannel, { exact: true }).waitFor(POLL);
    expect(await region('Channels').getByText('Client channel', { exact: true }).count()).toBe(0);
  });

  it('Forget asks first, then the connection and its key leave this browser', async () => {
    await press(item('Client'), 'Forget');
    await press(region('Connections'), 'Yes, forget');
    await expect.poll(note, POLL).toBe('Connection “Client” forgotten.');
    await expect.poll(listed, POLL).toEqual(['Agency *']);
    expect(JSON.stringify((await readStorage(ext.h, 'connections')) ?? [])).not.toContain(second.key);
  });
});
