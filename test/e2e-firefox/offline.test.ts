/**
 * A service that cannot be reached, in Firefox ESR (the Chromium tests are test/e2e/offline.test.ts).
 * First the sandbox stopped (its port refuses connections): a link pressed in the popup, which says
 * in the user's words (public/_locales/en) that the link waits for the connection; the popup closed
 * (the words say it may be), the sandbox started again, and the user opens the popup again: the
 * link is made once (one POST /api/shorten reaches the sandbox) and is in Recent links. Then the
 * browser offline (Firefox's Work Offline, harness: setBrowserOffline): the open popup says the same,
 * and shows the link once the browser is online again.
 *
 * What wakes the queue is what the user does: a popup that opens connects its port, and the
 * background page then tries the links waiting for the service at once (handlers.ts,
 * registerPopupPort), not at the end of their backoff; when the browser comes online, the
 * background page's `online` listener (lib/background/index.ts) or its next try (after 1, 2, 4 s…)
 * sends it. Every wait below is for a condition.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../sandbox/server';
import type { Job } from '../../lib/storage';
import { REPO_ROOT } from '../e2e/harness';
import {
  control,
  controls,
  hasChromeRealm,
  openPopupFor,
  readStorage,
  setBrowserOffline,
  until,
  valueOf,
  withExtension,
  OUTCOME_MS,
} from './harness';

/** The user's words: English, as Firefox ESR speaks here. */
const en = JSON.parse(readFileSync(join(REPO_ROOT, 'public/_locales/en/messages.json'), 'utf8')) as Record<string, { message: string }>;
const WAITS_FOR_CONNECTION = en.popupWaitingNetwork!.message;

const shortenPosts = (sb: Sandbox) => sb.log.filter((r) => r.method === 'POST' && r.path === '/api/shorten');
const linksTo = (sb: Sandbox, url: string) => sb.state.forKey(sb.key).links.filter((l) => l.url === url && !l.deleted);

/** Whether a status region of `page` holds `text`. */
const statusHolds = async (page: Page, text: string) => {
  for (const s of await controls(page, 'status')) if ((await valueOf(s)).includes(text)) return true;
  return false;
};

describe('Firefox: a service that cannot be reached', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro' } });

  it('down, link pressed, popup closed, back, popup opened again: the link is made once and is in Recent links', async () => {
    const pageUrl = `${ext.sb.url}/page/on-a-train`;
    const popup = await openPopupFor(ext.h, pageUrl);
    await until(async () => (await valueOf(await control(popup, 'textbox', 'Long URL'))) === pageUrl, "the tab's address in Long URL");
    // The form is usable (its lists arrived) before the service goes away.
    const domain = await control(popup, 'combobox', 'Domain');
    await until(() => domain.evaluate((s) => (s as HTMLSelectElement).options.length >= 2), 'the domains in "Domain"');

    await ext.sb.stop();
    await (await control(popup, 'button', 'Shorten')).click();
    await until(() => statusHolds(popup, WAITS_FOR_CONNECTION), 'the popup saying the link waits for the connection', OUTCOME_MS);
    expect(await controls(popup, 'alert')).toHaveLength(0);
    const waiting = ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).filter((j) => j.args.url === pageUrl);
    expect(waiting).toMatchObject([{ state: 'pending', waitingSince: expect.any(Number) }]);
    expect(shortenPosts(ext.sb)).toHaveLength(0); // refused: nothing reached the service
    await popup.close();

    await ext.sb.start();
    const again = await openPopupFor(ext.h, `${ext.sb.url}/page/back-online`);
    const [link] = await until(
      () => {
        const made = linksTo(ext.sb, pageUrl);
        return made.length > 0 ? made : null;
      },
      'the link made in the sandbox',
      60_000,
    );
    await until(
      async () => {
        const [recent] = await controls(again, 'region', 'Recent links');
        return recent !== undefined && (await valueOf(recent)).includes(link!.short_url);
      },
      'the link in Recent links',
      OUTCOME_MS,
    );
    // Once its job has settled nothing sends it again: what reached the sandbox is final.
    await until(
      async () => {
        const jobs = ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).filter((j) => j.args.url === pageUrl);
        return jobs.length > 0 && jobs.every((j) => j.state === 'done');
      },
      "the link's job done",
      OUTCOME_MS,
    );
    expect(shortenPosts(ext.sb)).toHaveLength(1);
    expect(linksTo(ext.sb, pageUrl)).toHaveLength(1);
    await again.close();
  }, 180_000);

  it('the browser offline: the popup says the link waits for the connection, and shows it once the browser is online', async (ctx) => {
    // Work Offline needs Firefox's privileged realm, which BiDi gives from Firefox 141 on.
    ctx.skip(!(await hasChromeRealm(ext.h)), 'this Firefox (ESR 140) gives the harness no privileged realm to take the browser offline');
    const pageUrl = `${ext.sb.url}/page/offline-mode`;
    const popup = await openPopupFor(ext.h, pageUrl);
    await until(async () => (await valueOf(await control(popup, 'textbox', 'Long URL'))) === pageUrl, "the tab's address in Long URL");
    const domain = await control(popup, 'combobox', 'Domain');
    await until(() => domain.evaluate((s) => (s as HTMLSelectElement).options.length >= 2), 'the domains in "Domain"');
    const before = shortenPosts(ext.sb).length;
    await setBrowserOffline(ext.h, true);
    try {
      await (await control(popup, 'button', 'Shorten')).click();
      await until(() => statusHolds(popup, WAITS_FOR_CONNECTION), 'the popup saying the link waits for the connection', OUTCOME_MS);
      expect(linksTo(ext.sb, pageUrl)).toHaveLength(0);
    } finally {
      await setBrowserOffline(ext.h, false);
    }
    // Online again: the background page tries it (its `online` event, or its next try), and the open popup shows it.
    const short = await valueOf(await control(popup, 'textbox', 'Short link', OUTCOME_MS));
    expect(linksTo(ext.sb, pageUrl).map((l) => l.short_url)).toEqual([short]);
    expect(shortenPosts(ext.sb).length - before).toBe(1);
    await popup.close();
  }, 180_000);
});
