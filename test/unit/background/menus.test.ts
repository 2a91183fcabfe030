import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import {
  COMMAND_SHORTEN_TAB,
  MENU_QR_PAGE,
  MENU_SHORTEN_LINK,
  MENU_SHORTEN_PAGE,
  createMenus,
  onCommand,
  onMenuClick,
} from '@/lib/background/menus';
import type { MenuDeps } from '@/lib/background/menus';
import { DEFAULT_SETTINGS, settingsItem } from '@/lib/storage';
import { pageAddress } from '@/lib/storage/pageAddresses';

function fakeService() {
  const shortenInBackground = vi.fn(async () => {});
  return { service: { shortenInBackground } as MenuDeps, shortenInBackground };
}

describe('context menu and keyboard command', () => {
  beforeEach(() => fakeBrowser.reset());

  it('creates the three menu items with ids that say what they do', async () => {
    const created: { id?: string; title?: string; contexts?: string[] }[] = [];
    vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((k: string) => ({ menuShortenLink: 'Shorten link' })[k] ?? '') as never);
    vi.spyOn(browser.contextMenus, 'removeAll').mockResolvedValue(undefined as never);
    vi.spyOn(browser.contextMenus, 'create').mockImplementation(
      ((p: { id?: string; title?: string; contexts?: string[] }) => (created.push(p), p.id)) as never,
    );
    await createMenus();
    expect(created.map((c) => [c.id, c.contexts])).toEqual([
      ['shorten-link', ['link']],
      ['shorten-page', ['page']],
      ['qr-for-page', ['page']],
    ]);
    // Titles come from the translations, with English as the fallback.
    expect(created.map((c) => c.title)).toEqual(['Shorten link', 'Shorten this page', 'QR code for this page']);
  });

  it('"Shorten link" shortens the link that was right-clicked, not the page', async () => {
    const { service, shortenInBackground } = fakeService();
    await onMenuClick(service, {
      menuItemId: MENU_SHORTEN_LINK,
      linkUrl: 'https://example.org/target',
      pageUrl: 'https://example.org/page',
    });
    expect(shortenInBackground).toHaveBeenCalledWith('https://example.org/target', 'context-link', undefined, false);
  });

  it('"Shorten this page" shortens the page', async () => {
    const { service, shortenInBackground } = fakeService();
    await onMenuClick(service, { menuItemId: MENU_SHORTEN_PAGE, pageUrl: 'https://example.org/page' }, { title: 'The page' });
    expect(shortenInBackground).toHaveBeenCalledWith('https://example.org/page', 'context-page', 'The page', false);
  });

  it('a menu click or the shortcut in a private window is marked private (the tab the browser passes says so)', async () => {
    const { service, shortenInBackground } = fakeService();
    const tab = { url: 'https://example.org/secret', title: 'Secret', incognito: true };
    await onMenuClick(service, { menuItemId: MENU_SHORTEN_LINK, linkUrl: 'https://example.org/l' }, tab);
    expect(shortenInBackground).toHaveBeenLastCalledWith('https://example.org/l', 'context-link', undefined, true);
    await onMenuClick(service, { menuItemId: MENU_SHORTEN_PAGE, pageUrl: tab.url }, tab);
    expect(shortenInBackground).toHaveBeenLastCalledWith(tab.url, 'context-page', 'Secret', true);
    await onCommand(service, COMMAND_SHORTEN_TAB, tab as never);
    expect(shortenInBackground).toHaveBeenLastCalledWith(tab.url, 'command', 'Secret', true);
    // No tab passed: the active tab of the focused window tells.
    vi.spyOn(browser.tabs, 'query').mockResolvedValue([{ ...tab, url: 'https://example.org/active' }] as never);
    await onCommand(service, COMMAND_SHORTEN_TAB, undefined);
    expect(shortenInBackground).toHaveBeenLastCalledWith('https://example.org/active', 'command', 'Secret', true);
  });

  it('"QR code for this page" opens the QR view for the page', async () => {
    const { service } = fakeService();
    const create = vi.spyOn(browser.tabs, 'create');
    await onMenuClick(service, { menuItemId: MENU_QR_PAGE, pageUrl: 'https://example.org/a?b=c' });
    expect(create).toHaveBeenCalledTimes(1);
    const url = (create.mock.calls[0]![0] as { url: string }).url;
    expect(url).toContain('/qr.html?url=');
    expect(new URL(url).searchParams.get('url')).toBe('https://example.org/a?b=c');
  });

  it('"QR code for this page" in a private tab keeps the address out of the QR page\'s address (an opaque id instead)', async () => {
    const { service } = fakeService();
    const create = vi.spyOn(browser.tabs, 'create');
    await onMenuClick(service, { menuItemId: MENU_QR_PAGE, pageUrl: 'https://example.org/secret-page' }, { incognito: true });
    const url = (create.mock.calls[0]![0] as { url: string }).url;
    expect(url).not.toContain('secret-page');
    const id = new URL(url).searchParams.get('id')!;
    expect(await pageAddress(id)).toBe('https://example.org/secret-page');
    expect(await pageAddress('not-an-id')).toBeNull();
  });

  it('the shortcut shortens the tab it was pressed on, and falls back to the active tab', async () => {
    const { service, shortenInBackground } = fakeService();
    await onCommand(service, COMMAND_SHORTEN_TAB, { url: 'https://example.org/tab', title: 'Tab' } as never);
    expect(shortenInBackground).toHaveBeenLastCalledWith('https://example.org/tab', 'command', 'Tab', false);
    vi.spyOn(browser.tabs, 'query').mockResolvedValue([{ url: 'https://example.org/active', title: 'Active' }] as never);
    await onCommand(service, COMMAND_SHORTEN_TAB, undefined);
    expect(shortenInBackground).toHaveBeenLastCalledWith('https://example.org/active', 'command', 'Active', false);
    await onCommand(service, 'something-else', { url: 'https://x.org' } as never);
    expect(shortenInBackground).toHaveBeenCalledTimes(2);
  });

  it('creates only the items the user keeps, and rebuilds them when a switch changes', async () => {
    const created: string[] = [];
    vi.spyOn(browser.contextMenus, 'removeAll').mockImplementation((async () => void created.splice(0)) as never);
    vi.spyOn(browser.contextMenus, 'create').mockImplementation(((p: { id: string }) => (created.push(p.id), p.id)) as never);
    await createMenus({ ...DEFAULT_SETTINGS, menuShortenPage: false });
    expect(created).toEqual(['shorten-link', 'qr-for-page']);
    await createMenus({ ...DEFAULT_SETTINGS, menuShortenLink: false, menuShortenPage: false, menuQrPage: false });
    expect(created).toEqual([]);
    // Without an argument, the stored preferences decide.
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, menuQrPage: false });
    await createMenus();
    expect(created).toEqual(['shorten-link', 'shorten-page']);
  });
});
