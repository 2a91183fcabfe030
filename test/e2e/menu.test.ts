/**
 * Issue "Right-click and keyboard": the context menu items and the keyboard command of the
 * built extension, in Chromium, against the sandbox.
 *
 * How the real handlers are reached (investigated on Debian's Chromium 156, headless=new):
 * - Headless Chromium shows no native context menu: a right click on a link (CDP Input
 *   events, Playwright `click({ button: 'right' })`) opens nothing that can be chosen from.
 * - The command's shortcut (Alt+Shift+S) sent as CDP key events reaches the page only; the
 *   browser's accelerator table never sees it, so `commands.onCommand` does not fire.
 * - But an extension event object in the worker has, besides addListener / hasListeners, a
 *   `dispatch(...args)` method (Chromium's native bindings, extensions/renderer/bindings/
 *   event_emitter.cc). Called from code evaluated in the worker through DevTools
 *   (`evalInWorker`), `chrome.contextMenus.onClicked.dispatch(info, tab)` runs exactly the
 *   listeners the product registered with `contextMenus.onClicked.addListener`, through
 *   Chrome's own event object, as a real click does. The difference: a real click starts in
 *   the browser process (which would also wake a stopped worker); here the worker must be
 *   running. Nothing is added to the product for it, and nothing outside the worker's own JS
 *   context (web pages, content scripts, other extensions) can reach that method.
 *   The arguments are what Chrome would pass: `info` built from the real page (the link's
 *   resolved href, the page URL) and the real `tabs.Tab` of that page read in the worker.
 * - Fallback, only if a Chromium build lacks `dispatch`: the product keeps the very functions
 *   the test build keeps on the worker's global (`__linkShortListeners`, test/support/listenerProbe.ts).
 *   `fire()` says which path ran; the tests log it when it is the fallback.
 * What this does not cover: the native menu's rendering (titles, contexts) and the browser's
 * shortcut table. The menu items' existence is checked through `contextMenus.update` (it
 * rejects an unknown id) and the shortcut through `commands.getAll()`.
 */
import type { Page } from 'playwright-core';
import { decode, pixelsOf } from './qrDecode';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import type { Sandbox } from '../sandbox/server';
import { evalInWorker, readClipboard, readStorage, screenshot, stopWorker, wakeWorker, type ExtensionHarness, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

const MENU_SHORTEN_LINK = 'shorten-link';
const MENU_SHORTEN_PAGE = 'shorten-page';
const MENU_QR_PAGE = 'qr-for-page';
const COMMAND_SHORTEN_TAB = 'shorten-current-tab';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value other than undefined/false; fails with `what` after `timeoutMs`. */
async function until<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
    await sleep(100);
  }
}

type EventPath = 'contextMenus.onClicked' | 'commands.onCommand';

/**
 * Fires an extension event in the worker: the product's registered listeners run with `args`.
 * Returns which path was used ('dispatch' normally; see the top of this file).
 */
async function fire(h: ExtensionHarness, path: EventPath, args: unknown[]): Promise<'dispatch' | 'fallback'> {
  const used = await evalInWorker(
    h,
    ({ path: p, args: a }) => {
      const [ns, name] = p.split('.') as [string, string];
      const event = (chrome as unknown as Record<string, Record<string, unknown>>)[ns]?.[name] as
        { hasListeners(): boolean; dispatch?: (...x: unknown[]) => void } | undefined;
      if (!event) throw new Error(`chrome.${p} does not exist in the worker`);
      if (!event.hasListeners()) throw new Error(`No listener is registered on chrome.${p}`);
      if (typeof event.dispatch === 'function') {
        event.dispatch(...a);
        return 'dispatch' as const;
      }
      const own = (globalThis as { __linkShortListeners?: { menuClick(...x: unknown[]): unknown; command(...x: unknown[]): unknown } })
        .__linkShortListeners;
      if (!own)
        throw new Error(`chrome.${p} has no dispatch() and the worker exposes no listeners: test the test build (npm run build:test)`);
      void (p === 'commands.onCommand' ? own.command(...a) : own.menuClick(...a));
      return 'fallback' as const;
    },
    { path, args },
  );
  if (used === 'fallback')
    console.warn(`[menu.test] chrome.${path}.dispatch is missing in this Chromium: called the product's listener directly`);
  return used;
}

/** The worker's view of the tab showing `url` (the Tab object Chrome passes to the listeners). */
const tabOf = (h: ExtensionHarness, url: string) =>
  until(
    () => evalInWorker(h, async (u) => (await chrome.tabs.query({ url: u })).find((t) => t.status === 'complete') ?? (false as const), url),
    `the tab of ${url}`,
  );

/** OnClickData as Chrome builds it for a right click on `linkSelector` in `page` (or on the page itself). */
async function clickData(page: Page, menuItemId: string, linkSelector?: string) {
  const linkUrl = linkSelector ? await page.locator(linkSelector).evaluate((a) => (a as HTMLAnchorElement).href) : undefined;
  return { menuItemId, editable: false, frameId: 0, pageUrl: page.url(), ...(linkUrl ? { linkUrl } : {}) };
}

const notificationIds = async (h: ExtensionHarness) => Object.keys(await evalInWorker(h, () => chrome.notifications.getAll(), undefined));
const clearNotifications = (h: ExtensionHarness) =>
  evalInWorker(
    h,
    async () => {
      for (const id of Object.keys(await chrome.notifications.getAll())) await chrome.notifications.clear(id);
    },
    undefined,
  );

const linksTo = (sb: Sandbox, url: string) => sb.state.forKey(sb.key).links.filter((l) => l.url === url && !l.deleted);
const shortenPosts = (sb: Sandbox) => sb.log.filter((r) => r.method === 'POST' && r.path === '/api/shorten');

/** Waits for the one link to `url`, its notification and the history entry; returns the short URL. */
async function expectShortenedOnce(h: ExtensionHarness, sb: Sandbox, url: string, postsBefore: number): Promise<string> {
  const [link] = await until(() => linksTo(sb, url).length > 0 && linksTo(sb, url), `a link to ${url} in the sandbox`);
  // The notification comes after the clipboard write (onSettled): then both are done.
  await until(async () => (await notificationIds(h)).length > 0, 'a notification');
  await sleep(500); // a duplicate would have shown up by now
  expect(linksTo(sb, url)).toHaveLength(1);
  expect(shortenPosts(sb).filter((r) => r.status === 200)).toHaveLength(postsBefore + 1);
  expect(await notificationIds(h)).toHaveLength(1);
  const history = (await readStorage<{ longUrl: string; shortUrl: string }[]>(h, 'history')) ?? [];
  expect(history.filter((e) => e.longUrl === url).map((e) => e.shortUrl)).toEqual([link!.short_url]);
  return link!.short_url;
}

describe('context menu and shortcut', () => {
  const ext = withExtension();
  beforeEach(async () => {
    await clearNotifications(ext.h);
  });

  it('has the three menu items and the shortcut', async () => {
    const menus = await evalInWorker(
      ext.h,
      async (ids) => {
        const out: Record<string, string> = {};
        for (const id of ids) {
          // update() with no change rejects for an id that was never created.
          out[id] = await chrome.contextMenus.update(id, {}).then(
            () => 'exists',
            (e: Error) => e.message,
          );
        }
        return out;
      },
      [MENU_SHORTEN_LINK, MENU_SHORTEN_PAGE, MENU_QR_PAGE, 'no-such-item'],
    );
    expect(menus[MENU_SHORTEN_LINK]).toBe('exists');
    expect(menus[MENU_SHORTEN_PAGE]).toBe('exists');
    expect(menus[MENU_QR_PAGE]).toBe('exists');
    expect(menus['no-such-item']).not.toBe('exists'); // the probe can tell

    const commands = await evalInWorker(ext.h, () => chrome.commands.getAll(), undefined);
    const cmd = commands.find((c) => c.name === COMMAND_SHORTEN_TAB);
    expect(cmd?.shortcut).toMatch(/Alt\+Shift\+S/);
    expect(
      await evalInWorker(ext.h, () => [chrome.contextMenus.onClicked.hasListeners(), chrome.commands.onCommand.hasListeners()], undefined),
    ).toEqual([true, true]);
  });

  it('"Shorten link" on a link: one link made, short link on the clipboard, a notification', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/links`);
    const info = await clickData(page, MENU_SHORTEN_LINK, '#link1');
    expect(info.linkUrl).toBe('https://example.org/article/1');
    const before = shortenPosts(ext.sb).length;

    await fire(ext.h, 'contextMenus.onClicked', [info, await tabOf(ext.h, page.url())]);

    const short = await expectShortenedOnce(ext.h, ext.sb, 'https://example.org/article/1', before);
    expect(short).toMatch(new RegExp(`^${ext.sb.url}/[A-Za-z0-9]+$`));
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(short);
    // The request used the shorten group's header form and nothing else was shortened.
    expect(
      shortenPosts(ext.sb)
        .slice(before)
        .map((r) => r.auth),
    ).toEqual(['x-api-key']);
    await page.close();
  });

  it('"Shorten link" on a mailto: link makes nothing and says why', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/mailto`);
    const before = shortenPosts(ext.sb).length;
    await fire(ext.h, 'contextMenus.onClicked', [await clickData(page, MENU_SHORTEN_LINK, '#mailto'), await tabOf(ext.h, page.url())]);
    await until(async () => (await notificationIds(ext.h)).length === 1, 'the "cannot be shortened" notification');
    await sleep(300);
    expect(shortenPosts(ext.sb)).toHaveLength(before);
    expect(linksTo(ext.sb, 'mailto:someone@example.org')).toHaveLength(0);
    await page.close();
  });

  it('"Shorten this page" shortens the page URL', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/shorten-me`);
    const before = shortenPosts(ext.sb).length;

    await fire(ext.h, 'contextMenus.onClicked', [await clickData(page, MENU_SHORTEN_PAGE), await tabOf(ext.h, page.url())]);

    const short = await expectShortenedOnce(ext.h, ext.sb, `${ext.sb.url}/page/shorten-me`, before);
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(short);
    await page.close();
  });

  it('the shortcut shortens the active tab', async () => {
    const other = await ext.h.context.newPage();
    await other.goto(`${ext.sb.url}/page/not-this-one`);
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/by-shortcut`);
    await page.bringToFront();
    // Chrome passes the active tab of the focused window with the command.
    const tab = await evalInWorker(ext.h, async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0], undefined);
    expect(tab?.url).toBe(`${ext.sb.url}/page/by-shortcut`);
    const before = shortenPosts(ext.sb).length;

    await fire(ext.h, 'commands.onCommand', [COMMAND_SHORTEN_TAB, tab]);

    const short = await expectShortenedOnce(ext.h, ext.sb, `${ext.sb.url}/page/by-shortcut`, before);
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(short);
    expect(linksTo(ext.sb, `${ext.sb.url}/page/not-this-one`)).toHaveLength(0);
    await other.close();
    await page.close();
  });

  it('the shortcut without a tab argument (older browsers) finds the active tab itself', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/by-shortcut-no-tab`);
    await page.bringToFront();
    const before = shortenPosts(ext.sb).length;

    await fire(ext.h, 'commands.onCommand', [COMMAND_SHORTEN_TAB]);

    await expectShortenedOnce(ext.h, ext.sb, `${ext.sb.url}/page/by-shortcut-no-tab`, before);
    await page.close();
  });

  it('"QR code for this page" opens the QR view for the page', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/qr-me`);
    const qrPrefix = ext.h.url('qr.html');
    const opened = ext.h.context.waitForEvent('page', { predicate: (p) => p.url().startsWith(qrPrefix), timeout: OUTCOME_MS });
    const before = shortenPosts(ext.sb).length;

    await fire(ext.h, 'contextMenus.onClicked', [await clickData(page, MENU_QR_PAGE), await tabOf(ext.h, page.url())]);

    const qr = await opened;
    await qr.waitForLoadState('load');
    expect(new URL(qr.url()).searchParams.get('url')).toBe(`${ext.sb.url}/page/qr-me`);
    await expect.poll(() => qr.getByRole('heading', { name: 'QR code' }).isVisible()).toBe(true);
    const img = qr.getByRole('img', { name: 'QR code' });
    await img.waitFor({ state: 'visible', timeout: OUTCOME_MS });
    // A real image, drawn: not a broken or empty src.
    expect(await img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
    for (const name of ['Copy QR', 'Download PNG', 'Download SVG'])
      await expect.poll(() => qr.getByRole('button', { name }).isVisible()).toBe(true);
    await expect.poll(() => qr.getByText(`${ext.sb.url}/page/qr-me`, { exact: true }).isVisible()).toBe(true);
    // It encodes the page's address: what a scanner reads from the image as Chromium draws it.
    const src = await img.getAttribute('src');
    expect(src).toMatch(/^data:image\/svg\+xml/);
    expect(decode(await pixelsOf(qr, src!, 400))).toBe(`${ext.sb.url}/page/qr-me`);
    await screenshot(qr, 'qr-view');
    // Opening the QR view shortens nothing and notifies nothing.
    expect(shortenPosts(ext.sb)).toHaveLength(before);
    expect(await notificationIds(ext.h)).toEqual([]);
    expect(ext.errors.of('qr.html')).toEqual([]);
    await qr.close();
    await page.close();
  });
});

describe('a menu click with the budget spent and the worker stopped', () => {
  /** Long enough that the second click surely falls in the first window, even on a slow machine. */
  const WINDOW_MS = 7000;
  // One shortening per window, the window opening at the first request.
  const ext = withExtension({ sandbox: { shortenLimit: 1, shortenWindowMs: WINDOW_MS, rateWindow: 'first-request' } });

  it('still makes the link, once, after the worker is woken', async () => {
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/links`);
    const tab = await tabOf(ext.h, page.url());

    // Spend the budget with a first link.
    await fire(ext.h, 'contextMenus.onClicked', [await clickData(page, MENU_SHORTEN_LINK, '#link2'), tab]);
    await until(() => linksTo(ext.sb, 'https://example.org/article/2').length === 1, 'the first link');
    await until(async () => (await notificationIds(ext.h)).length === 1, 'the first notification');
    await clearNotifications(ext.h);

    // The click that must wait: the user is told it is queued, then the worker is stopped.
    const url = 'https://example.org/article/1';
    await fire(ext.h, 'contextMenus.onClicked', [await clickData(page, MENU_SHORTEN_LINK, '#link1'), tab]);
    await until(async () => (await notificationIds(ext.h)).length === 1, 'the "Link queued" notification');
    const queued = await readStorage<{ args: { url: string }; state: string }[]>(ext.h, 'queue');
    expect(queued?.filter((j) => j.args.url === url).map((j) => j.state)).toEqual(['pending']);
    await stopWorker(ext.h);
    expect(linksTo(ext.sb, url)).toHaveLength(0);

    // Nothing happens while it is stopped; then it is started again (no extension event).
    await sleep(1000);
    expect(linksTo(ext.sb, url)).toHaveLength(0);
    await wakeWorker(ext.h);

    const [link] = await until(
      () => linksTo(ext.sb, url).length > 0 && linksTo(ext.sb, url),
      'the queued link after the restart',
      WINDOW_MS + OUTCOME_MS,
    );
    await until(async () => (await notificationIds(ext.h)).length === 2, 'the "copied" notification after the restart');
    await sleep(1000);
    expect(linksTo(ext.sb, url)).toHaveLength(1);
    const ok = shortenPosts(ext.sb).filter((r) => r.status === 200);
    expect(ok).toHaveLength(2);
    // The restarted worker remembered the spent budget: it waited instead of being refused.
    expect(ext.sb.log.filter((r) => r.rateLimited)).toEqual([]);
    expect(ok[1]!.at - ok[0]!.at).toBeGreaterThanOrEqual(WINDOW_MS - 50);
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(link!.short_url);
    const after = await readStorage<{ args: { url: string }; state: string }[]>(ext.h, 'queue');
    expect(after?.filter((j) => j.args.url === url).map((j) => j.state)).toEqual(['done']);
    await page.close();
  });
});
