/**
 * Private windows: a link made from a private (incognito) window leaves no trace
 * in the extension's storage once it is made; one made from a normal window is kept (the
 * probe can tell).
 *
 * How a real private window is had (Debian's Chromium 156, headless=new, Playwright's
 * persistent context): an unpacked extension loaded with --load-extension is not allowed in
 * incognito, and `chrome.windows.create({incognito: true})` then fails. The DevTools command
 * `Extensions.loadUnpacked {path, enableInIncognito: true}` (over Playwright's pipe, with
 * --enable-unsafe-extension-debugging) loads the same build again, same id, allowed in
 * incognito; the worker restarts. Then the worker opens a real incognito window, whose tab is
 * `incognito: true`. The menu click is fired through Chrome's own event object with that real
 * tab (as menu.test.ts does). The popup cannot be tested this way: in "spanning" mode Chrome
 * opens an extension page asked for in a private window in a normal one, and a real popup
 * cannot be driven; its part (the tab's `incognito` sent with the press) is a unit test.
 *
 * The pages the extension opens for a private window open in a normal one for that reason:
 * "QR code for this page" (its address and title hold no private address) and the bulk page of
 * "Shorten many…" (opened here as the popup opens it, bulk.html?window=<the private window's id>).
 * The build holds `tabs` (tabsBuild.ts) for "Use this window's tabs".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import type { Worker } from 'playwright-core';
import type { Sandbox } from '../sandbox/server';
import { configureExtension, evalInWorker, until, type ExtensionHarness, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';
import { buildHoldingTabs } from './tabsBuild';

declare const chrome: typeof Browser;

/** Loads the same build again, allowed in incognito; `h.worker` becomes the new worker. */
async function allowInIncognito(h: ExtensionHarness): Promise<void> {
  const old = h.worker;
  const cdp = await h.context.browser()!.newBrowserCDPSession();
  await cdp.send('Extensions.loadUnpacked' as never, { path: h.extensionDir, enableInIncognito: true } as never);
  const isNew = (w: Worker) => w !== old && w.url().startsWith(`chrome-extension://${h.extensionId}/`);
  h.worker = await until(() => h.context.serviceWorkers().find(isNew), 'the reloaded worker', OUTCOME_MS);
  await until(() => evalInWorker(h, () => chrome.extension.isAllowedIncognitoAccess(), undefined), 'incognito access', OUTCOME_MS);
}

/** Opens `url` in a new window (private or not) and returns Chrome's Tab for it once loaded. */
async function openWindow(h: ExtensionHarness, url: string, incognito: boolean) {
  const windowId = await evalInWorker(h, async (a) => (await chrome.windows.create({ url: a.url, incognito: a.incognito }))!.id!, {
    url,
    incognito,
  });
  return until(
    () =>
      evalInWorker(
        h,
        async (id) => (await chrome.tabs.query({ windowId: id })).find((t) => t.status === 'complete' && t.title) ?? null,
        windowId,
      ),
    `the tab of ${url}`,
    OUTCOME_MS,
  );
}

/** Right-click "Shorten this page" on a tab, through Chrome's own event (menu.test.ts). */
const shortenPage = (h: ExtensionHarness, tab: unknown, pageUrl: string) =>
  evalInWorker(
    h,
    (a) => {
      const event = chrome.contextMenus.onClicked as unknown as { dispatch(...x: unknown[]): void };
      event.dispatch({ menuItemId: 'shorten-page', editable: false, frameId: 0, pageUrl: a.pageUrl }, a.tab);
    },
    { tab, pageUrl },
  );

/** Waits until the stored job that made `shortUrl` has settled (a private one is stored without its address then). */
async function settledIn(h: ExtensionHarness, shortUrl: string): Promise<void> {
  const state = async () => {
    const { queue } = (await evalInWorker(h, () => chrome.storage.local.get('queue'), undefined)) as {
      queue?: { state: string; result?: { shortUrl?: string } }[];
    };
    return (queue ?? []).find((j) => j.result?.shortUrl === shortUrl)?.state;
  };
  await until(async () => ['done', 'failed'].includes((await state()) ?? ''), `the job of ${shortUrl} settled`);
}

/** Everything the extension keeps in storage.local, as text. */
const everything = (h: ExtensionHarness) => evalInWorker(h, async () => JSON.stringify(await chrome.storage.local.get(null)), undefined);

const linkTo = (sb: Sandbox, url: string) => sb.state.forKey(sb.key).links.find((l) => l.url === url && !l.deleted);

describe('private windows', () => {
  let build: ReturnType<typeof buildHoldingTabs>;
  beforeAll(() => {
    build = buildHoldingTabs();
  });
  afterAll(() => build?.remove()); // after the extension's own hook has closed Chromium
  // Allowed in private windows before it is pointed at the sandbox.
  const ext = withExtension({
    launch: () => ({ extensionDir: build.dir, args: ['--enable-unsafe-extension-debugging'] }),
    configure: false,
  });
  const settled = (shortUrl: string) => settledIn(ext.h, shortUrl);
  beforeAll(async () => {
    await allowInIncognito(ext.h);
    await configureExtension(ext.h, { serviceUrl: ext.sb.url, apiKey: ext.sb.key });
  }, 90_000);

  it('a link made from a private window is made, told, and leaves nothing in storage', async () => {
    const url = `${ext.sb.url}/page/private-secret-page`;
    const tab = await openWindow(ext.h, url, true);
    expect(tab.incognito).toBe(true);
    await shortenPage(ext.h, tab, url);
    const link = await until(() => linkTo(ext.sb, url), 'the link in the sandbox', OUTCOME_MS);
    // Told (the address left storage as the link was made, before anyone was told of it).
    const notified = await until(
      async () => {
        const all = await evalInWorker(ext.h, () => chrome.notifications.getAll(), undefined);
        return Object.keys(all).length > 0 && all;
      },
      'a notification',
      OUTCOME_MS,
    );
    expect(Object.keys(notified)).toHaveLength(1);
    const stored = await everything(ext.h);
    expect(stored).not.toContain('private-secret-page');
    expect(stored).not.toContain('Test page private-secret-page');
    // What is left of it: the short link in the settled job, for a popup that follows it.
    expect(stored).toContain(link.short_url);
  }, 60_000);

  it('the same from a normal window is kept in Recent links (the check above can fail)', async () => {
    const url = `${ext.sb.url}/page/normal-window-page`;
    const tab = await openWindow(ext.h, url, false);
    expect(tab.incognito).toBe(false);
    await shortenPage(ext.h, tab, url);
    await until(() => linkTo(ext.sb, url), 'the link in the sandbox', OUTCOME_MS);
    await until(
      async () => (await everything(ext.h)).includes('"history":[{') && (await everything(ext.h)).includes('normal-window-page'),
      'the history entry',
      OUTCOME_MS,
    );
  }, 60_000);

  it('the shortcut in a private tab: made, and nothing of it in storage', async () => {
    const url = `${ext.sb.url}/page/private-shortcut-page`;
    const tab = await openWindow(ext.h, url, true);
    await evalInWorker(
      ext.h,
      (a) =>
        void (globalThis as unknown as { __linkShortListeners: { command(...x: unknown[]): unknown } }).__linkShortListeners.command(
          'shorten-current-tab',
          a,
        ),
      tab,
    );
    const link = await until(() => linkTo(ext.sb, url), 'the link in the sandbox', 20_000);
    await settled(link.short_url);
    expect(await everything(ext.h)).not.toContain('private-shortcut-page');
  }, 60_000);

  it('the address bar in a private window: the typed address made, and nothing of it in storage', async () => {
    const url = `${ext.sb.url}/page/private-omnibox-page`;
    const tab = await openWindow(ext.h, `${ext.sb.url}/page/private-omnibox-window`, true);
    // The address bar passes no tab: the active tab of the focused window says it is private.
    await evalInWorker(ext.h, (id) => chrome.windows.update(id, { focused: true }), tab.windowId);
    await until(
      async () =>
        (await evalInWorker(
          ext.h,
          async () => (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.incognito,
          undefined,
        )) === true,
      'the private window focused',
      10_000,
    );
    await evalInWorker(
      ext.h,
      (a) =>
        void (
          globalThis as unknown as { __linkShortListeners: { omniboxEntered(...x: unknown[]): unknown } }
        ).__linkShortListeners.omniboxEntered(a, 'currentTab'),
      url,
    );
    const link = await until(() => linkTo(ext.sb, url), 'the link in the sandbox', 20_000);
    await settled(link.short_url);
    expect(await everything(ext.h)).not.toContain('private-omnibox-page');
  }, 60_000);

  it('"QR code for this page" in a private tab: the QR page shows the address, its own address and title do not hold it', async () => {
    const url = `${ext.sb.url}/page/private-qr-page`;
    const tab = await openWindow(ext.h, url, true);
    await evalInWorker(
      ext.h,
      (a) => {
        const event = chrome.contextMenus.onClicked as unknown as { dispatch(...x: unknown[]): void };
        event.dispatch({ menuItemId: 'qr-for-page', editable: false, frameId: 0, pageUrl: a.url }, a.tab);
      },
      { tab, url },
    );
    const qrTab = await until(
      () =>
        evalInWorker(
          ext.h,
          async () => (await chrome.tabs.query({})).find((t) => t.url?.includes('/qr.html') && t.status === 'complete') ?? null,
          undefined,
        ),
      'the QR page',
      20_000,
    );
    const page = await until(() => ext.h.context.pages().find((p) => p.url().includes('/qr.html')), 'the QR page in the context', 10_000);
    await page.getByText(url, { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('img', { name: 'QR code', exact: true }).waitFor({ timeout: 15_000 });
    // The tab's address and title: what history and session restore keep.
    for (const kept of [qrTab.url ?? '', qrTab.title ?? '', page.url(), await page.title()]) {
      expect(kept).not.toContain('private-qr-page');
      expect(kept).not.toContain(encodeURIComponent(url));
    }
    expect(await page.title()).toBe('QR code');
    expect(await everything(ext.h)).not.toContain('private-qr-page');
    await page.close();
  }, 60_000);

  it('the bulk page opened for a private window: its tabs made into links, none of them in Recent links or storage', async () => {
    const urls = [`${ext.sb.url}/page/private-bulk-one`, `${ext.sb.url}/page/private-bulk-two`];
    const tab = await openWindow(ext.h, urls[0]!, true);
    await evalInWorker(ext.h, (a) => chrome.tabs.create({ windowId: a.windowId, url: a.url }), { windowId: tab.windowId, url: urls[1]! });
    // As the popup's "Shorten many…" opens it from that window (Chrome puts it in a normal window).
    const bulk = await ext.h.context.newPage();
    await bulk.goto(ext.h.url(`bulk.html?window=${tab.windowId}`));
    await bulk.getByRole('heading', { name: 'Shorten many links' }).waitFor();
    await until(
      async () =>
        (await evalInWorker(
          ext.h,
          async (id) => (await chrome.tabs.query({ windowId: id })).filter((t) => t.status === 'complete').length,
          tab.windowId,
        )) === 2,
      'both private tabs loaded',
      20_000,
    );
    await bulk.getByRole('button', { name: "Use this window's tabs" }).click();
    await bulk
      .getByRole('status')
      .filter({ hasText: /Addresses added from this window/ })
      .waitFor({ timeout: 15_000 });
    expect((await bulk.getByRole('textbox', { name: 'Addresses' }).inputValue()).trim().split('\n').sort()).toEqual([...urls].sort());
    await bulk.getByRole('button', { name: 'Shorten all' }).click();
    const links = await Promise.all(urls.map((u) => until(() => linkTo(ext.sb, u), `the link of ${u}`, 30_000)));
    for (const link of links) await bulk.getByText(link.short_url, { exact: true }).first().waitFor({ timeout: 20_000 });
    // Settled and forgotten: neither the batch nor Recent links nor the jobs keep the addresses.
    await until(async () => !(await everything(ext.h)).includes('private-bulk-'), 'storage without the private addresses', 15_000);
    expect(await everything(ext.h)).not.toContain('private-bulk-');
    expect(await bulk.getByText(/^For a private window:/).count()).toBe(1);
    expect(ext.errors.of('bulk.html')).toEqual([]);
    await bulk.close();
  }, 90_000);
});
