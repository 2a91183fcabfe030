/**
 * A service that cannot be reached, in Chromium: the sandbox stopped, a link
 * pressed in the popup (which says the link waits for the connection), the popup closed and the
 * worker stopped meanwhile, the sandbox started again and a page opened: the restarted worker
 * makes the link once, copies it and notifies. And the browser's offline mode: the popup says the
 * link waits for the connection and shows it once the browser is online again.
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '../../lib/storage';
import {
  evalInWorker,
  openOptions,
  openPopupFor,
  readClipboard,
  readStorage,
  sleep,
  stopWorker,
  until,
  waitForWorker,
  OUTCOME_MS,
  type ExtensionHarness,
} from './harness';
import type { Browser } from 'wxt/browser';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

const notificationIds = async (h: ExtensionHarness) => Object.keys(await evalInWorker(h, () => chrome.notifications.getAll(), undefined));

describe('a service that cannot be reached', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro' } });

  it('down, link pressed, worker stopped, back: the link is made once, copied and notified', async () => {
    const pageUrl = `${ext.sb.url}/page/on-a-train`;
    const popup = await openPopupFor(ext.h, pageUrl);
    const shorten = popup.getByRole('button', { name: 'Shorten', exact: true });
    await until(
      async () => (await popup.getByLabel('Long URL', { exact: true }).inputValue()) === pageUrl && (await shorten.isEnabled()),
      'the form filled',
    );

    await ext.sb.stop();
    await shorten.click();
    const status = popup.getByRole('status');
    await until(
      async () => /waits for the connection/.test((await status.textContent()) ?? ''),
      'the popup saying the link waits for the connection',
      OUTCOME_MS,
    );
    expect(await status.textContent()).not.toMatch(/rate limit|failed|went wrong/i);
    // It can be cancelled from its row in "Links waiting", and from there alone (one link, one Cancel).
    await until(async () => (await popup.getByRole('button', { name: `Cancel ${pageUrl}`, exact: true }).count()) === 1, 'its row');
    expect(await popup.getByRole('button', { name: /^Cancel/ }).count()).toBe(1);
    expect(await popup.getByRole('alert').count()).toBe(0);
    const jobs = (await readStorage<Job[]>(ext.h, 'queue')) ?? [];
    expect(jobs.filter((j) => j.args.url === pageUrl)).toMatchObject([{ state: 'pending', waitingSince: expect.any(Number) }]);

    await popup.close();
    await stopWorker(ext.h);
    await ext.sb.start();
    // The user opens a page: the worker wakes for it and tries the waiting link now (not at the end of its backoff).
    const options = await openOptions(ext.h);
    await waitForWorker(ext.h);
    const [link] = await until(
      () => {
        const made = ext.sb.state.forKey(ext.sb.key).links.filter((l) => l.url === pageUrl);
        return made.length > 0 ? made : null;
      },
      'the link made in the sandbox',
      OUTCOME_MS,
    );
    await until(async () => (await notificationIds(ext.h)).length > 0, 'a notification', OUTCOME_MS);
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(link!.short_url);
    await sleep(500); // a second link would have shown up by now
    expect(ext.sb.state.forKey(ext.sb.key).links.filter((l) => l.url === pageUrl)).toHaveLength(1);
    expect(ext.sb.log.filter((r) => r.path === '/api/shorten' && r.status === 200)).toHaveLength(1);
    expect(await notificationIds(ext.h)).toHaveLength(1);
    const done = ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).find((j) => j.args.url === pageUrl);
    expect(done).toMatchObject({ state: 'done', notified: true });
    await options.close();
  }, 120_000);

  it('the browser offline: the popup says the link waits for the connection, and shows it once the browser is online', async () => {
    const pageUrl = `${ext.sb.url}/page/offline-mode`;
    const popup = await openPopupFor(ext.h, pageUrl);
    const shorten = popup.getByRole('button', { name: 'Shorten', exact: true });
    await until(
      async () => (await popup.getByLabel('Long URL', { exact: true }).inputValue()) === pageUrl && (await shorten.isEnabled()),
      'the form filled',
    );
    await ext.h.context.setOffline(true); // the pages and the extension's worker (CDP network emulation)
    try {
      await shorten.click();
      const status = popup.getByRole('status');
      await until(
        async () => /waits for the connection/.test((await status.textContent()) ?? ''),
        'the popup saying the link waits for the connection',
        OUTCOME_MS,
      );
      expect(ext.sb.state.forKey(ext.sb.key).links.filter((l) => l.url === pageUrl)).toHaveLength(0);
    } finally {
      await ext.h.context.setOffline(false);
    }
    const short = popup.getByLabel('Short link', { exact: true });
    await short.waitFor({ timeout: OUTCOME_MS });
    const made = ext.sb.state.forKey(ext.sb.key).links.filter((l) => l.url === pageUrl);
    expect(made).toHaveLength(1);
    expect(await short.inputValue()).toBe(made[0]!.short_url);
    await popup.close();
  }, 90_000);
});
