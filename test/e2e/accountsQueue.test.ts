/**
 * Several accounts, in Chromium against two sandboxes with different keys: an install with
 * today's storage (one connection, its Recent links and a waiting link) keeps all of it once a
 * second connection is added in the options page; a link queued on the first account (its
 * budget spent) is made on the first after the user switched to the second in the popup and
 * made a link there; each link lands in its own service, and the popup names the account a
 * waiting link is for.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  configureExtension,
  evalInWorker,
  openOptions,
  openPopupFor,
  screenshot,
  stopWorker,
  until,
  wakeWorker,
  OUTCOME_MS,
} from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

/** The worker's fingerprint of an account (lib/background/fingerprint.ts): SHA-256 of URL and key, 12 bytes in hex. */
const fingerprint = (url: string, key: string) => createHash('sha256').update(`${url}\n${key}`).digest('hex').slice(0, 24);

const ui = (p: Page) => ({
  longUrl: p.getByLabel('Long URL', { exact: true }),
  shorten: p.getByRole('button', { name: 'Shorten', exact: true }),
  shortLink: p.getByLabel('Short link', { exact: true }),
  account: p.getByLabel('Account', { exact: true }),
  recent: p.getByRole('region', { name: 'Recent links' }),
});

/** Resolves when the form's Domain list is there and nothing is being switched. */
const formReady = (p: Page) =>
  p.waitForFunction(
    () =>
      (document.querySelector<HTMLSelectElement>('select#domain')?.options.length ?? 0) >= 1 &&
      !document.querySelector('[aria-busy="true"]'),
    undefined,
    { timeout: OUTCOME_MS },
  );

describe('several accounts: today’s install, and a link queued on one account while the user works in another', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', seed: 'demo', key: 'first-account-key-1111' }, configure: false });
  let b: Sandbox;
  const urlsOf = (sb: Sandbox) => sb.state.forKey(sb.key).links.map((l) => l.url);

  beforeAll(async () => {
    b = await startSandbox({ port: 0, plan: 'pro', seed: 'empty', key: 'second-account-key-2222' });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('an install with one connection, a Recent link and a waiting link keeps them, and the waiting link is made on its service', async () => {
    const a = ext.sb;
    const fpA = fingerprint(a.url, a.key);
    const at = Date.now();
    // Today's storage, as the extension wrote it before several accounts.
    await configureExtension(ext.h, { serviceUrl: a.url, apiKey: a.key });
    await evalInWorker(ext.h, (seed) => chrome.storage.local.set(seed), {
      history: [
        {
          id: 'old-1',
          longUrl: 'https://example.org/made-before',
          shortUrl: 'https://sho.rt/before',
          shortCode: 'before',
          linkId: 1,
          domainId: null,
          campaign: { state: 'none' },
          createdAt: at - 60_000,
          service: a.url,
          account: fpA,
        },
      ],
      queue: [
        {
          id: 'waiting-1',
          kind: 'shorten',
          source: 'context-page',
          args: { url: 'https://example.org/waiting-before', domainId: null, campaignId: null },
          priority: 'interactive',
          state: 'pending',
          attempts: 0,
          notBefore: at,
          createdAt: at,
          fingerprint: fpA,
          notify: false,
          service: a.url,
        },
      ],
    });
    // A worker that starts with that storage resumes the waiting link on its own service.
    await stopWorker(ext.h);
    await wakeWorker(ext.h);
    await until(
      () => urlsOf(a).includes('https://example.org/waiting-before'),
      'the waiting link made on the first service',
      OUTCOME_MS,
      100,
    );

    const options = await openOptions(ext.h);
    const connections = options.getByRole('region', { name: 'Connections', exact: true });
    await until(async () => /127\.0\.0\.1:\d+/.test((await connections.textContent()) ?? ''), 'the one connection listed');
    expect(await connections.getByText('Current', { exact: true }).count()).toBe(1);

    // A second connection added in the options page becomes the current one.
    await connections.getByRole('button', { name: 'Add connection', exact: true }).click();
    const form = connections.getByRole('form', { name: 'Add connection', exact: true });
    await form.getByLabel('Connection name', { exact: true }).fill('Client B');
    await form.getByLabel('Service URL', { exact: true }).fill(b.url);
    await form.getByLabel('API key', { exact: true }).fill(b.key);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await until(
      async () => ((await connections.textContent()) ?? '').includes('Connection “Client B” added and in use.'),
      'the second connection added',
    );
    await screenshot(options, 'options-two-connections');
    await options.close();

    // The first account's Recent links are kept and shown when it is chosen again.
    const popup = await openPopupFor(ext.h, `${a.url}/page/after-adding`);
    const c = ui(popup);
    await c.account.waitFor({ timeout: OUTCOME_MS });
    expect(await c.account.locator('option:checked').textContent()).toBe('Client B');
    expect(await c.recent.getByText('https://sho.rt/before').count()).toBe(0);
    await c.account.selectOption({ label: new URL(a.url).host });
    await until(async () => (await c.recent.getByText('https://sho.rt/before').count()) === 1, 'the first account’s Recent link');
    await popup.close();
  });

  it('a link queued on the first account is made there after the user switched to the second and made a link there', async () => {
    const a = ext.sb;
    const first = `https://example.org/queued-on-a-${Date.now()}`;
    const second = `https://example.org/made-on-b-${Date.now()}`;
    const popup = await openPopupFor(ext.h, `${a.url}/page/queue-across`);
    const c = ui(popup);
    await c.account.waitFor({ timeout: OUTCOME_MS });
    expect(await c.account.locator('option:checked').textContent()).toBe(new URL(a.url).host);
    await formReady(popup);
    // The first account's shortening budget is spent for 20 s (as other clients of it would).
    a.spendBudget('shorten', 20_000);
    await c.longUrl.fill(first);
    await c.shorten.click();
    const statuses = async () => (await popup.getByRole('status').allTextContents()).join(' ');
    await until(async () => /will be created at about/.test(await statuses()), 'the link said to wait', OUTCOME_MS);
    expect(urlsOf(a)).not.toContain(first);

    await c.account.selectOption({ label: 'Client B' });
    await formReady(popup);
    await until(
      async () => ((await popup.textContent('body')) ?? '').includes(`for ${new URL(a.url).host}`),
      'the waiting link named with its account',
    );
    await screenshot(popup, 'popup-waiting-other-account');
    await c.longUrl.fill(second);
    await c.shorten.click();
    await until(
      async () => (await c.shortLink.count()) > 0 && (await c.shortLink.inputValue()).length > 0,
      'the second account’s link shown',
      OUTCOME_MS,
    );
    expect(urlsOf(b)).toEqual([second]);
    await popup.close();

    await until(() => urlsOf(a).includes(first), 'the queued link made on the first service', 60_000, 200);
    expect(urlsOf(a)).not.toContain(second);
    expect(urlsOf(b)).not.toContain(first);
  }, 120_000);
});
