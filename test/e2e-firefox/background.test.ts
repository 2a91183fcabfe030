/**
 * The Firefox build's background page in Firefox ESR, against the sandbox: the context-menu
 * and shortcut handlers make a link once, copy it (Firefox's route: navigator.clipboard in the
 * event page, no offscreen document) and notify; links queued behind a spent budget are made
 * once after the background page is stopped (woken by its alarm, as Firefox does) and after
 * the extension is reloaded.
 *
 * How the handlers are reached: headless Firefox has no native context menu, and BiDi's key
 * events reach the page, not the browser's shortcuts; so an extension page calls the very
 * listeners the background page registers (the test build keeps them on its global, `__linkShortListeners`),
 * with the arguments Firefox would pass (harness: callBackground). The menu items' existence
 * and the shortcut are checked through the extension's own APIs.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import type { HistoryEntry, Job } from '../../lib/storage';
import {
  backgroundState,
  hasChromeRealm,
  callBackground,
  clearNotifications,
  configureExtension,
  evalInExtension,
  notifications,
  openPage,
  readClipboard,
  readStorage,
  reloadExtension,
  sleep,
  stopWorker,
  tabOf,
  until,
  type ExtensionHarness,
  withExtension,
  OUTCOME_MS,
} from './harness';

const linksTo = (sb: Sandbox, url: string) => sb.state.forKey(sb.key).links.filter((l) => l.url === url && !l.deleted);
const shortenPosts = (sb: Sandbox) => sb.log.filter((r) => r.method === 'POST' && r.path === '/api/shorten');
const count = (jobs: Job[] | undefined, state: Job['state']) => (jobs ?? []).filter((j) => j.state === state).length;

/** OnClickData as Firefox builds it for a right click on `#linkId` in `page` (or on the page). */
async function clickData(page: Page, menuItemId: string, linkId?: string) {
  const pageUrl = await page.evaluate(() => location.href);
  const linkUrl = linkId ? await page.$eval(`#${linkId}`, (a) => (a as HTMLAnchorElement).href) : undefined;
  return { menuItemId, editable: false, frameId: 0, pageUrl, ...(linkUrl ? { linkUrl } : {}) };
}

/** Waits for the one link to `url`, its notification and history entry; returns the short URL. */
async function expectShortenedOnce(h: ExtensionHarness, sb: Sandbox, url: string, postsBefore: number): Promise<string> {
  const link = await until(() => linksTo(sb, url)[0], `a link to ${url} in the sandbox`);
  // The notification comes after the clipboard write: then both are done.
  const shown = await until(
    async () => Object.values(await notifications(h)).find((n) => n.message === link.short_url),
    'its notification',
  );
  expect(shown.title).toBe('Short link copied');
  await sleep(500); // a duplicate would have shown up by now
  expect(linksTo(sb, url)).toHaveLength(1);
  expect(shortenPosts(sb).filter((r) => r.status === 200)).toHaveLength(postsBefore + 1);
  expect(Object.keys(await notifications(h))).toHaveLength(1);
  const history = (await readStorage<HistoryEntry[]>(h, 'history')) ?? [];
  expect(history.filter((e) => e.longUrl === url).map((e) => e.shortUrl)).toEqual([link.short_url]);
  return link.short_url;
}

describe('Firefox: background page', () => {
  const ext = withExtension();
  beforeEach(async () => {
    await clearNotifications(ext.h);
  });

  it('has the three menu items and the shortcut', async () => {
    const found = await evalInExtension(
      ext.h,
      async (ids) => {
        const out: Record<string, string> = {};
        // update() with no change rejects for an id that was never created.
        for (const id of ids)
          out[id] = await browser.contextMenus.update(id, {}).then(
            () => 'exists',
            (e: Error) => e.message,
          );
        const commands = await browser.commands.getAll();
        return { menus: out, shortcut: commands.find((c) => c.name === 'shorten-current-tab')?.shortcut ?? null };
      },
      ['shorten-link', 'shorten-page', 'qr-for-page', 'no-such-item'],
    );
    expect(found.menus).toMatchObject({ 'shorten-link': 'exists', 'shorten-page': 'exists', 'qr-for-page': 'exists' });
    expect(found.menus['no-such-item']).not.toBe('exists'); // the probe can tell
    expect(found.shortcut).toBe('Alt+Shift+S');
  });

  it('"Shorten link" on a link: one link made, short link on the clipboard, a notification', async () => {
    const page = await openPage(ext.h, `${ext.sb.url}/page/links`);
    const info = await clickData(page, 'shorten-link', 'link1');
    expect(info.linkUrl).toBe('https://example.org/article/1');
    const before = shortenPosts(ext.sb).length;

    await callBackground(ext.h, 'menuClick', [info, await tabOf(ext.h, info.pageUrl)]);

    const short = await expectShortenedOnce(ext.h, ext.sb, 'https://example.org/article/1', before);
    expect(short).toMatch(new RegExp(`^${ext.sb.url}/[A-Za-z0-9]+$`));
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(short);
    expect(
      shortenPosts(ext.sb)
        .slice(before)
        .map((r) => r.auth),
    ).toEqual(['x-api-key']);
    await page.close();
  });

  it('"Shorten link" on a mailto: link makes nothing and says why', async () => {
    const page = await openPage(ext.h, `${ext.sb.url}/page/mailto`);
    const before = shortenPosts(ext.sb).length;
    const info = await clickData(page, 'shorten-link', 'mailto');
    await callBackground(ext.h, 'menuClick', [info, await tabOf(ext.h, info.pageUrl)]);
    const shown = await until(async () => Object.values(await notifications(ext.h))[0], 'the "cannot be shortened" notification');
    expect(shown.title).not.toBe('Short link copied');
    await sleep(300);
    expect(shortenPosts(ext.sb)).toHaveLength(before);
    await page.close();
  });

  it('the shortcut shortens the active tab', async () => {
    const other = await openPage(ext.h, `${ext.sb.url}/page/not-this-one`);
    const page = await openPage(ext.h, `${ext.sb.url}/page/by-shortcut`);
    await page.bringToFront();
    // Firefox passes the active tab of the focused window with the command.
    const tab = await evalInExtension(
      ext.h,
      async () => (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0] ?? null,
      undefined,
    );
    expect(tab?.url).toBe(`${ext.sb.url}/page/by-shortcut`);
    const before = shortenPosts(ext.sb).length;

    await callBackground(ext.h, 'command', ['shorten-current-tab', tab]);

    const short = await expectShortenedOnce(ext.h, ext.sb, `${ext.sb.url}/page/by-shortcut`, before);
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(short);
    expect(linksTo(ext.sb, `${ext.sb.url}/page/not-this-one`)).toHaveLength(0);
    await other.close();
    await page.close();
  });

  describe('links queued behind a spent budget', () => {
    let sb2: Sandbox;
    let page: Page;

    beforeAll(async () => {
      // 2 shortens per 6 s, the window opening at the first request.
      sb2 = await startSandbox({ plan: 'pro', shortenLimit: 2, shortenWindowMs: 6000, rateWindow: 'first-request' });
      await configureExtension(ext.h, { serviceUrl: sb2.url, apiKey: sb2.key });
      page = await openPage(ext.h, `${sb2.url}/page/links`);
      // No wake-up left from the tests above (nothing is queued): the queue below sets its own.
      expect(((await readStorage<Job[]>(ext.h, 'queue')) ?? []).filter((j) => j.state === 'pending' || j.state === 'sending')).toEqual([]);
      await evalInExtension(ext.h, () => browser.alarms.clearAll(), undefined);
    });
    afterAll(async () => {
      await sb2?.close();
    });

    /** Right-clicks "Shorten link" on `urls` (as link targets on the page), one after another. */
    async function shortenFromMenu(urls: string[]) {
      const pageUrl = await page.evaluate(() => location.href);
      const tab = await tabOf(ext.h, pageUrl);
      for (const linkUrl of urls) {
        await callBackground(ext.h, 'menuClick', [{ menuItemId: 'shorten-link', editable: false, frameId: 0, pageUrl, linkUrl }, tab]);
      }
    }

    /** Each URL made exactly once, matching its job and its history entry; no request refused. */
    async function expectEachMadeOnce(urls: string[]) {
      const done = await until(
        async () => {
          const jobs = (await readStorage<Job[]>(ext.h, 'queue')) ?? [];
          const mine = jobs.filter((j) => urls.includes(j.args.url));
          return mine.length === urls.length && count(mine, 'done') === urls.length ? mine : null;
        },
        `all ${urls.length} jobs done`,
        OUTCOME_MS,
        200,
      );
      await sleep(500); // a late duplicate would arrive now
      const history = (await readStorage<HistoryEntry[]>(ext.h, 'history')) ?? [];
      for (const url of urls) {
        const made = linksTo(sb2, url);
        expect(made, url).toHaveLength(1);
        expect(done.find((j) => j.args.url === url)?.result?.shortUrl).toBe(made[0]!.short_url);
        expect(history.filter((e) => e.longUrl === url)).toHaveLength(1);
      }
      expect(sb2.log.filter((r) => r.rateLimited).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    }

    it('are made once after Firefox stopped the background page, when its alarm wakes it', async (ctx) => {
      // Stopping the background page needs Firefox's privileged realm, which BiDi gives from Firefox 141 on.
      ctx.skip(!(await hasChromeRealm(ext.h)), 'this Firefox (ESR 140) gives the harness no privileged realm to stop the background page');
      const urls = [1, 2, 3, 4, 5].map((n) => `https://example.org/stopped/${n}`);
      await shortenFromMenu(urls);
      // Two go at once (the budget), three wait in the persisted queue.
      await until(async () => {
        const jobs = ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).filter((j) => urls.includes(j.args.url));
        return count(jobs, 'done') === 2 && count(jobs, 'pending') === 3;
      }, '2 jobs done and 3 pending');
      const firstShortenAt = shortenPosts(sb2)[0]!.at;
      const alarm = await evalInExtension(ext.h, () => browser.alarms.get('resume-queue'), undefined);
      expect(alarm?.scheduledTime).toBeGreaterThan(firstShortenAt + 6000);
      await stopWorker(ext.h);
      expect(await backgroundState(ext.h)).toBe('stopped');

      // Stopped past the end of the window: the three are due, yet nothing is sent.
      await sleep(Math.max(0, firstShortenAt + 6000 + 300 - Date.now()));
      expect(await backgroundState(ext.h)).toBe('stopped');
      expect(shortenPosts(sb2)).toHaveLength(2);

      // The queue's alarm (at the earliest 30 s after the jobs were queued) starts it again.
      await until(async () => (await backgroundState(ext.h)) === 'running', 'the alarm to wake the background page', 45_000, 500);
      expect(Date.now()).toBeGreaterThanOrEqual(alarm!.scheduledTime - 50); // not woken by anything earlier
      await expectEachMadeOnce(urls);
      const accepted = shortenPosts(sb2)
        .filter((r) => r.status === 200)
        .map((r) => r.at)
        .sort((a, b) => a - b);
      for (let i = 2; i < accepted.length; i++) expect(accepted[i]! - accepted[i - 2]!).toBeGreaterThanOrEqual(6000 - 50);
      // The last one made is on the clipboard (the background page copied it when it was made).
      const last = (await readStorage<Job[]>(ext.h, 'queue'))!
        .filter((j) => urls.includes(j.args.url))
        .sort((a, b) => a.settledAt! - b.settledAt!)
        .at(-1)!;
      expect(await readClipboard(ext.h, sb2.url)).toBe(last.result!.shortUrl);
    });

    it('are made once after the extension is reloaded', async () => {
      // A fresh window: the previous test spent the budget until about 6 s after its last request.
      await sleep(Math.max(0, (shortenPosts(sb2).at(-1)?.at ?? 0) + 6000 + 300 - Date.now()));
      const urls = [1, 2, 3, 4].map((n) => `https://example.org/reloaded/${n}`);
      const postsBefore = shortenPosts(sb2).length;
      await shortenFromMenu(urls);
      await until(async () => {
        const jobs = ((await readStorage<Job[]>(ext.h, 'queue')) ?? []).filter((j) => urls.includes(j.args.url));
        return count(jobs, 'done') === 2 && count(jobs, 'pending') === 2;
      }, '2 jobs done and 2 pending');
      await reloadExtension(ext.h);
      await expectEachMadeOnce(urls);
      expect(shortenPosts(sb2).length - postsBefore).toBe(4);
    });
  });
});
