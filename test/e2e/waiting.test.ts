/**
 * Links nobody was looking at, in Chromium against the sandbox: a popup closed before the
 * answer of a slow service (the reopened popup shows the link being made, then made, and
 * copies it; with no popup reopened the worker copies and tells of it once), a second press
 * of a link waiting for the rate limit (no second link; the open popup shows it when made),
 * the API key replaced by another account's while links wait (the popup says they were not
 * sent, names them, and makes them with the current account), and the service down (said at once).
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  configureExtension,
  evalInWorker,
  openOptions,
  openPopupFor,
  readClipboard,
  screenshot,
  sleep,
  until,
  OUTCOME_MS,
  type ExtensionHarness,
} from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

const OTHER_KEY = 'other-account-key-0003';

const ui = (p: Page) => ({
  longUrl: p.getByLabel('Long URL', { exact: true }),
  shorten: p.getByRole('button', { name: 'Shorten', exact: true }),
  shortLink: p.getByLabel('Short link', { exact: true }),
  status: p.getByRole('status'),
  alert: p.getByRole('alert'),
  recent: p.getByRole('region', { name: 'Recent links' }),
  unsent: p.getByRole('region', { name: /^Not made/ }),
});

/** Resolves when the Domain list has arrived (the form is usable). */
const formReady = (p: Page) =>
  p.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select#domain')?.options.length ?? 0) >= 2, undefined, {
    timeout: OUTCOME_MS,
  });

const notificationCount = async (h: ExtensionHarness) =>
  Object.keys(await evalInWorker(h, () => chrome.notifications.getAll(), undefined)).length;

describe('links nobody was looking at', () => {
  const ext = withExtension({ sandbox: false }); // each describe below starts its own sandbox

  describe('a popup closed before the answer (slow service)', () => {
    let sb: Sandbox;
    beforeAll(async () => {
      sb = await startSandbox({ port: 0, plan: 'pro', seed: 'demo' });
      await configureExtension(ext.h, { serviceUrl: sb.url, apiKey: sb.key });
    });
    afterAll(() => sb?.close());

    it('the reopened popup shows the link being made, then made, and it is copied', async () => {
      const pageUrl = `${sb.url}/page/slow-answer`;
      const first = await openPopupFor(ext.h, pageUrl);
      await formReady(first);
      sb.faults.push({ path: /\/api\/shorten/, delayMs: 3000 });
      await ui(first).longUrl.press('Enter');
      await sleep(800);
      await first.close();

      const again = await openPopupFor(ext.h, `${sb.url}/page/another`);
      const c = ui(again);
      await until(async () => /still being made/.test((await c.status.textContent()) ?? ''), 'the link shown as being made', OUTCOME_MS);
      expect(await c.status.textContent()).toContain(pageUrl);
      await screenshot(again, 'popup-pending-reopened');
      await c.shortLink.waitFor({ timeout: OUTCOME_MS });
      const links = sb.state.forKey(sb.key).links.filter((l) => l.url === pageUrl);
      expect(links).toHaveLength(1);
      expect(await c.shortLink.inputValue()).toBe(links[0]!.short_url);
      await until(async () => (await readClipboard(ext.h, sb.url)) === links[0]!.short_url, 'the link on the clipboard', OUTCOME_MS, 250);
      expect(await c.recent.textContent()).toContain(links[0]!.short_url);
      // The popup showed and copied it: the worker did not tell of it as well.
      expect(await notificationCount(ext.h)).toBe(0);
      await screenshot(again, 'popup-pending-made');
      await again.close();
    });

    it('no popup open when it is made: the worker copies it and tells of it, once', async () => {
      const pageUrl = `${sb.url}/page/slow-closed`;
      const before = await notificationCount(ext.h);
      const popup = await openPopupFor(ext.h, pageUrl);
      await formReady(popup);
      sb.faults.push({ path: /\/api\/shorten/, delayMs: 3000 });
      await ui(popup).longUrl.press('Enter');
      await sleep(500);
      await popup.close();

      await until(() => sb.state.forKey(sb.key).links.some((l) => l.url === pageUrl), 'the link made', OUTCOME_MS, 100);
      const link = sb.state.forKey(sb.key).links.find((l) => l.url === pageUrl)!;
      await until(async () => (await readClipboard(ext.h, sb.url)) === link.short_url, 'the link on the clipboard', OUTCOME_MS, 250);
      await until(async () => (await notificationCount(ext.h)) === before + 1, 'one notification', OUTCOME_MS, 250);
      await sleep(1000);
      expect(await notificationCount(ext.h)).toBe(before + 1);
    });
  });

  describe('a second press while the link waits for the rate limit', () => {
    let sb: Sandbox;
    beforeAll(async () => {
      // One shorten per 6 s, the window opening at the first request: the second link waits.
      sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: 1, shortenWindowMs: 6000, rateWindow: 'first-request' });
      await configureExtension(ext.h, { serviceUrl: sb.url, apiKey: sb.key });
    });
    afterAll(() => sb?.close());

    it('makes no second link, says it is already queued, and the open popup shows the link when it is made', async () => {
      const queued = `${sb.url}/page/queued`;
      // Notifications close by themselves after a while: start from none shown.
      await evalInWorker(
        ext.h,
        async () => {
          for (const id of Object.keys(await chrome.notifications.getAll())) await chrome.notifications.clear(id);
        },
        undefined,
      );
      const popup = await openPopupFor(ext.h, `${sb.url}/page/first`);
      const c = ui(popup);
      await formReady(popup);
      await c.longUrl.press('Enter');
      await c.shortLink.waitFor({ timeout: OUTCOME_MS });
      await c.longUrl.fill(queued);
      await c.longUrl.press('Enter');
      await until(async () => /^Rate limit reached/.test((await c.status.textContent()) ?? ''), 'the queued status', OUTCOME_MS);
      await sleep(1000);
      await c.longUrl.press('Enter');
      await until(
        async () => /already queued/.test((await c.status.textContent()) ?? ''),
        'the second press refused as already queued',
        OUTCOME_MS,
      );
      const status = (await c.status.textContent()) ?? '';
      // Hours and minutes: the minute of the 6 s window (or the next), not an hour on.
      const [hh, mm] = status
        .match(/(\d\d):(\d\d)/)!
        .slice(1)
        .map(Number) as [number, number];
      const at = new Date();
      at.setHours(hh, mm, 0, 0);
      expect(Math.abs(at.getTime() - Date.now())).toBeLessThan(70_000);
      await screenshot(popup, 'popup-already-queued');

      // The open popup follows the link and shows it when it is made, in the next window.
      await c.shortLink.waitFor({ timeout: OUTCOME_MS });
      await sleep(500);
      // The popup showed it: the worker did not tell of it as well.
      expect(await notificationCount(ext.h)).toBe(0);
      await sleep(6500); // a second link would be made in the window after
      const links = sb.state.forKey(sb.key).links.filter((l) => l.url === queued);
      expect(links).toHaveLength(1);
      expect(await c.shortLink.inputValue()).toBe(links[0]!.short_url);
      await popup.close();
    });
  });

  describe('the API key replaced by another account while links wait', () => {
    let sb: Sandbox;
    beforeAll(async () => {
      // One shorten a minute: the second and third links wait in the queue.
      sb = await startSandbox({
        port: 0,
        plan: 'pro',
        shortenLimit: 1,
        shortenWindowMs: 60_000,
        rateWindow: 'first-request',
        extraKeys: [{ key: OTHER_KEY, plan: 'pro' }],
      });
      await configureExtension(ext.h, { serviceUrl: sb.url, apiKey: sb.key });
    });
    afterAll(() => sb?.close());

    it('says the links were not sent, names them once, and makes them with the current account', async () => {
      const a = `${sb.url}/page/wait-a`;
      const b = `${sb.url}/page/wait-b`;
      const popup = await openPopupFor(ext.h, `${sb.url}/page/made`);
      const c = ui(popup);
      await formReady(popup);
      await c.longUrl.press('Enter');
      await c.shortLink.waitFor({ timeout: OUTCOME_MS });
      for (const url of [a, b]) {
        await c.longUrl.fill(url);
        await c.longUrl.press('Enter');
        await until(async () => /queued/.test((await c.status.textContent()) ?? ''), `${url} queued`);
      }

      const options = await openOptions(ext.h);
      await options.getByLabel('Service URL', { exact: true }).fill(sb.url);
      await options.getByLabel('API key', { exact: true }).fill(OTHER_KEY);
      await options.getByRole('region', { name: 'Connection', exact: true }).getByRole('button', { name: 'Save', exact: true }).click();
      await until(
        async () => /Connected/.test((await options.getByRole('region', { name: 'Connection', exact: true }).textContent()) ?? ''),
        'connected to the other account',
        OUTCOME_MS,
      );
      await options.close();

      // The popup followed the last link: a true sentence, and both links named.
      await c.unsent.waitFor({ timeout: OUTCOME_MS });
      const alert = (await c.alert.textContent()) ?? '';
      expect(alert).toMatch(/account changed/i);
      expect(alert).not.toMatch(/did not accept the API key/);
      const named = (await c.unsent.textContent()) ?? '';
      expect(named).toContain(a);
      expect(named).toContain(b);
      await until(async () => (await notificationCount(ext.h)) === 1, 'one notification naming the links', OUTCOME_MS);
      await sleep(1500);
      expect(await notificationCount(ext.h)).toBe(1);
      await screenshot(popup, 'popup-unsent');

      await c.unsent.getByRole('button', { name: 'Make with this account', exact: true }).click();
      const other = () => sb.state.forKey(OTHER_KEY).links.map((l) => l.url);
      await until(() => other().includes(a), 'the first link made with the other account', OUTCOME_MS);
      expect(sb.state.forKey(sb.key).links.filter((l) => l.url === a || l.url === b)).toEqual([]);
      // The list of links not sent goes once both are handed to the current account.
      await until(async () => (await c.unsent.count()) === 0, 'the links not sent no longer listed', OUTCOME_MS);
      expect(await c.unsent.count()).toBe(0);
      // The other account allows one link a minute too: the second waits in the queue for it, not lost.
      const waiting = await evalInWorker(
        ext.h,
        async () => {
          const { queue } = await chrome.storage.local.get('queue');
          return ((queue ?? []) as { args: { url: string }; state: string; fingerprint: string }[]).map((j) => ({
            url: j.args.url,
            state: j.state,
            fingerprint: j.fingerprint,
          }));
        },
        undefined,
      );
      // The job that was not sent stays settled under the first account; one new job waits for the current one.
      const first = waiting.find((j) => j.url === b && j.state === 'failed');
      const again = waiting.filter((j) => j.url === b && j.state !== 'failed');
      expect(again).toHaveLength(1);
      expect(again[0]!.state).toBe('pending');
      expect(again[0]!.fingerprint).not.toBe(first?.fingerprint);
      expect(other()).not.toContain(b);
      // The open popup follows the last link; the first, made by the worker, joins its Recent links,
      // which are the current account's (the first account's link is not among them).
      const aLink = sb.state.forKey(OTHER_KEY).links.find((l) => l.url === a)!;
      await until(
        async () => ((await c.recent.textContent()) ?? '').includes(aLink.short_url),
        'the first link in the open popup’s Recent links',
        OUTCOME_MS,
      );
      const madeLink = sb.state.forKey(sb.key).links.find((l) => l.url.endsWith('/page/made'))!;
      expect(await c.recent.textContent()).not.toContain(madeLink.short_url);
      await screenshot(popup, 'popup-unsent-remade');
      await popup.close();
    });
  });

  describe('the service down (connection refused)', () => {
    it('says at once that the service cannot be reached and the link waits for the connection, not the rate limit', async () => {
      const sb = await startSandbox({ port: 0, plan: 'pro' });
      await configureExtension(ext.h, { serviceUrl: sb.url, apiKey: sb.key });
      const popup = await openPopupFor(ext.h, `${sb.url}/page/down`);
      const c = ui(popup);
      await formReady(popup);
      await sb.close();
      await c.longUrl.press('Enter');
      await until(async () => /waits/.test((await c.status.textContent()) ?? ''), 'the waiting status', OUTCOME_MS);
      const status = (await c.status.textContent()) ?? '';
      expect(status).toMatch(/^The service cannot be reached .*Your link waits for the connection and will be made then/);
      expect(status).not.toMatch(/Rate limit/);
      await screenshot(popup, 'popup-service-down');
      await popup.close();
    });
  });

  it('made no page errors', () => {
    expect(ext.errors.of('popup.html')).toEqual([]);
  });
});
