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
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import type { Worker } from 'playwright-core';
import type { Sandbox } from '../sandbox/server';
import { configureExtension, evalInWorker, until, type ExtensionHarness, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

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
  const windowId = await evalInWorker(h, async (a) => (await chrome.windows.create({ url: a.url, incognito: a.incognito }))!.id!, { url, incognito });
  return until(
    () => evalInWorker(h, async (id) => (await chrome.tabs.query({ windowId: id })).find((t) => t.status === 'complete' && t.title) ?? null, windowId),
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

/** Everything the extension keeps in storage.local, as text. */
const everything = (h: ExtensionHarness) => evalInWorker(h, async () => JSON.stringify(await chrome.storage.local.get(null)), undefined);

const linkTo = (sb: Sandbox, url: string) => sb.state.forKey(sb.key).links.find((l) => l.url === url && !l.deleted);

describe('private windows', () => {
  // Allowed in private windows before it is pointed at the sandbox.
  const ext = withExtension({ launch: { args: ['--enable-unsafe-extension-debugging'] }, configure: false });
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
    // Told (the notification comes last: the job's stored state is written before it).
    const notified = await until(async () => {
      const all = await evalInWorker(ext.h, () => chrome.notifications.getAll(), undefined);
      return Object.keys(all).length > 0 && all;
    }, 'a notification', OUTCOME_MS);
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
    await until(async () => (await everything(ext.h)).includes('"history":[{') && (await everything(ext.h)).includes('normal-window-page'), 'the history entry', OUTCOME_MS);
  }, 60_000);
});
