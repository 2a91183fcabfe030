/**
 * Shortening the way people ask for it, in Chromium against the sandbox: clean links ("Keep
 * them" sends the original), the channel, "Copy as" and the copy-format preference, Undo from a
 * notification, the address-bar keyword `ls`, and menu items that can be switched off.
 *
 * Events the browser would fire (omnibox, notification buttons, the shortcut) are dispatched
 * in the worker through Chrome's own event objects, as test/e2e/menu.test.ts explains: the
 * listeners the product registered run exactly as for the real gesture.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import type { Sandbox } from '../sandbox/server';
import type { HistoryEntry, Settings } from '../../lib/storage';
import {
  dispatch,
  evalInWorker,
  openOptions,
  openPopupFor,
  readClipboard,
  readStorage,
  screenshot,
  sleep,
  until,
  OUTCOME_MS,
  type ExtensionHarness,
} from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

const notifications = (h: ExtensionHarness) => evalInWorker(h, () => chrome.notifications.getAll(), undefined);
const clearNotifications = (h: ExtensionHarness) =>
  evalInWorker(
    h,
    async () => {
      for (const id of Object.keys(await chrome.notifications.getAll())) await chrome.notifications.clear(id);
    },
    undefined,
  );
const links = (sb: Sandbox) => sb.state.forKey(sb.key).links;
const linksTo = (sb: Sandbox, url: string) => links(sb).filter((l) => l.url === url && !l.deleted);
/** Changes stored preferences from inside the worker (as the options page's Save does). */
const setPrefs = (h: ExtensionHarness, patch: Partial<Settings>) =>
  evalInWorker(
    h,
    async (p) => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), ...p } });
    },
    patch,
  );

/** Brings `url` to the front as the active tab and returns the Tab the worker sees. */
async function activeTabAt(h: ExtensionHarness, url: string): Promise<{ page: Page; tab: unknown }> {
  const page = await h.context.newPage();
  await page.goto(url);
  await page.bringToFront();
  const tab = await until(
    () => evalInWorker(h, async (u) => (await chrome.tabs.query({ active: true, lastFocusedWindow: true })).find((t) => t.url === u), url),
    `the active tab at ${url}`,
  );
  return { page, tab };
}

describe('clean links, channels, copy formats, Undo, the address bar', () => {
  const ext = withExtension();
  beforeEach(async () => {
    await clearNotifications(ext.h);
  });

  it('the popup shortens the tab without its tracking parameters, and "Keep them" sends the original', async () => {
    const tracked = `${ext.sb.url}/page/article?utm_source=news&utm_medium=mail&id=5#top`;
    const cleaned = `${ext.sb.url}/page/article?id=5#top`;
    const popup = await openPopupFor(ext.h, tracked);
    const longUrl = popup.getByLabel('Long URL', { exact: true });
    await until(async () => (await longUrl.inputValue()) === cleaned, 'the cleaned URL in Long URL');
    const note = popup.locator('#cleaned-status');
    expect(await note.getAttribute('role')).toBe('status');
    expect(await note.textContent()).toBe('Tracking parameters removed: utm_source, utm_medium');
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await popup.getByLabel('Short link', { exact: true }).waitFor();
    expect(linksTo(ext.sb, cleaned)).toHaveLength(1);
    expect(linksTo(ext.sb, tracked)).toHaveLength(0);
    await popup.close();

    const again = await openPopupFor(ext.h, tracked);
    await again.getByRole('button', { name: 'Keep them' }).click();
    expect(await again.getByLabel('Long URL', { exact: true }).inputValue()).toBe(tracked);
    await again.getByRole('button', { name: 'Shorten', exact: true }).click();
    await again.getByLabel('Short link', { exact: true }).waitFor();
    expect(linksTo(ext.sb, tracked)).toHaveLength(1);
    await again.close();
  });

  it('a link made with a channel chosen is in that channel; "Copy as" Markdown copies [title](short link)', async () => {
    const data = ext.sb.state.forKey(ext.sb.key);
    const channel = data.channels[2]!;
    const url = `${ext.sb.url}/page/channelled?utm_campaign=x`;
    const popup = await openPopupFor(ext.h, url);
    const select = popup.getByLabel('Channel', { exact: true });
    await until(async () => (await select.locator('option').count()) > 2, 'the channels in the select');
    await select.selectOption(String(channel.id));
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    const short = await popup.getByLabel('Short link', { exact: true }).inputValue();
    const link = linksTo(ext.sb, `${ext.sb.url}/page/channelled`)[0]!;
    expect(link?.short_url).toBe(short);
    expect(data.channelItems.filter((i) => i.channel_id === channel.id && i.type === 'links' && i.item_id === link.id)).toHaveLength(1);
    await popup.getByText(`Added to channel ${channel.name}`).waitFor();

    await popup.getByLabel('Copy as', { exact: true }).selectOption('markdown');
    await popup.getByRole('button', { name: 'Copy', exact: true }).click();
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(`[Test page channelled](${short})`);
    await screenshot(popup, 'popup-cleaned');
    await popup.close();

    // Remembered for the next popup of this account.
    const next = await openPopupFor(ext.h, `${ext.sb.url}/page/other`);
    await until(
      async () => (await next.getByLabel('Channel', { exact: true }).inputValue()) === String(channel.id),
      'the remembered channel',
    );
    await next.close();
    await setPrefs(ext.h, { lastChannelId: null });
  });

  it('screenshot: the cleaned-URL note with the channel select', async () => {
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/newsletter?utm_source=mail&fbclid=abc&ref=home`);
    await popup.getByRole('button', { name: 'Keep them' }).waitFor();
    await screenshot(popup, 'popup-cleaned-note');
    await popup.close();
  });

  it('the copy-format preference changes what the shortcut copies; Undo in its notification deletes the link', async () => {
    const options = await openOptions(ext.h);
    const format = options.getByLabel('Copy format', { exact: true });
    await format.waitFor({ timeout: OUTCOME_MS });
    await format.selectOption('markdown');
    await until(async () => (await readStorage<Settings>(ext.h, 'settings'))?.copyFormat === 'markdown', 'the preference saved');
    await options.close();
    const { page, tab } = await activeTabAt(ext.h, `${ext.sb.url}/page/by-shortcut?gclid=123`);
    await dispatch(ext.h, 'commands.onCommand', ['shorten-current-tab', tab]);
    const url = `${ext.sb.url}/page/by-shortcut`;
    const link = await until(() => linksTo(ext.sb, url)[0], 'the link in the sandbox');
    const ids = await until(async () => {
      const all = Object.keys(await notifications(ext.h));
      return all.length > 0 ? all : undefined;
    }, 'the notification');
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(`[Test page by-shortcut](${link.short_url})`);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^undo:/);

    await dispatch(ext.h, 'notifications.onButtonClicked', [ids[0], 0]);
    await until(() => linksTo(ext.sb, url).length === 0, 'the link deleted in the sandbox');
    expect(ext.sb.log.some((r) => r.method === 'DELETE' && r.path === '/api/delete-link' && r.status === 200)).toBe(true);
    // The worker removes it from Recent links once the service has answered the delete: waited for, not assumed.
    await until(
      async () => !((await readStorage<HistoryEntry[]>(ext.h, 'history')) ?? []).some((e) => e.shortUrl === link.short_url),
      'the link gone from Recent links',
    );
    await until(async () => Object.values(await notifications(ext.h)).length > 0, 'the "deleted" notification');
    await setPrefs(ext.h, { copyFormat: 'link' });
    await page.close();
  });

  it('the address-bar keyword ls: Enter shortens the current tab, an address, and a Recent link is suggested and copied', async () => {
    const manifest = await evalInWorker(ext.h, () => chrome.runtime.getManifest(), undefined);
    expect((manifest as { omnibox?: { keyword: string } }).omnibox?.keyword).toBe('ls');
    const { page } = await activeTabAt(ext.h, `${ext.sb.url}/page/from-omnibox`);
    await dispatch(ext.h, 'omnibox.onInputEntered', ['', 'currentTab']);
    const tabLink = await until(() => linksTo(ext.sb, `${ext.sb.url}/page/from-omnibox`)[0], 'the tab shortened');
    await until(async () => (await readClipboard(ext.h, ext.sb.url)) === tabLink.short_url, 'the short link copied');

    await clearNotifications(ext.h);
    await dispatch(ext.h, 'omnibox.onInputEntered', [`${ext.sb.url}/page/typed?utm_source=x&q=1`, 'currentTab']);
    const typed = await until(() => linksTo(ext.sb, `${ext.sb.url}/page/typed?q=1`)[0], 'the typed address shortened, cleaned');
    await until(async () => (await readClipboard(ext.h, ext.sb.url)) === typed.short_url, 'the typed link copied');

    // Suggestions: the Recent links that match, each offering to copy its short link.
    const suggested = await evalInWorker(
      ext.h,
      () =>
        new Promise<{ content: string; description: string }[]>((resolve) => {
          (chrome.omnibox.onInputChanged as unknown as { dispatch(...x: unknown[]): void }).dispatch('from-omnibox', resolve);
        }),
      undefined,
    );
    expect(suggested.map((s) => s.content)).toEqual([tabLink.short_url]);
    await clearNotifications(ext.h);
    await dispatch(ext.h, 'omnibox.onInputEntered', [tabLink.short_url, 'currentTab']);
    await until(async () => Object.keys(await notifications(ext.h)).length > 0, 'the "copied" notification');
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(tabLink.short_url);
    expect(linksTo(ext.sb, `${ext.sb.url}/page/from-omnibox`)).toHaveLength(1); // copied, not made again
    await page.close();
  });

  it('a menu item switched off is gone from the menu at once', async () => {
    const exists = (id: string) =>
      evalInWorker(
        ext.h,
        (i) =>
          chrome.contextMenus.update(i, {}).then(
            () => true,
            () => false,
          ),
        id,
      );
    await until(() => exists('shorten-page'), 'the menu item at first');
    const options = await openOptions(ext.h);
    const box = options.getByRole('checkbox', { name: 'Shorten this page' });
    await box.waitFor({ timeout: OUTCOME_MS });
    expect(await box.isChecked()).toBe(true);
    await options.getByLabel('Default channel', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(options, 'options-link-prefs');
    await box.uncheck();
    await until(async () => !(await exists('shorten-page')), 'the menu item removed');
    expect(await exists('shorten-link')).toBe(true);
    expect(await exists('qr-for-page')).toBe(true);
    await box.check();
    await until(() => exists('shorten-page'), 'the menu item back');
    await options.close();
  });

  it('no errors in the extension pages', async () => {
    await sleep(200);
    expect([...ext.errors.of('popup.html'), ...ext.errors.of('options.html')]).toEqual([]);
  });
});
