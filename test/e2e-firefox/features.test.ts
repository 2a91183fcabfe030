/**
 * The newer features in the Firefox build, in Firefox ESR against the sandbox: clean links
 * ("Keep them" sends the original), the channel, "Copy as" Markdown, the copy-format
 * preference used by the shortcut, the address-bar keyword `ls`, and the bulk page. The same
 * journeys as the Chromium tests (test/e2e/features.test.ts, bulk.test.ts), by the same
 * accessible names.
 *
 * Where Firefox differs: it has no notification buttons, so the notification of a link made
 * by the shortcut is the plain one (no Undo) and the link is undone with Delete in Recent
 * links, which is tested instead. The omnibox listeners are reached as the menu's are (an
 * extension page calls the background page's own listeners; see background.test.ts).
 * One Firefox for the file; the tests run in order.
 */
import type { Page } from 'puppeteer-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../sandbox/server';
import type { HistoryEntry, Settings } from '../../lib/storage';
import {
  callBackground,
  clearNotifications,
  control,
  controls,
  evalInExtension,
  fill,
  notifications,
  openOptions,
  openPage,
  openPopupFor,
  readClipboard,
  readStorage,
  screenshot,
  selectByLabel,
  sleep,
  until,
  valueOf,
  type ExtensionHarness,
  withExtension,
  OUTCOME_MS,
} from './harness';

const linksTo = (sb: Sandbox, url: string) => sb.state.forKey(sb.key).links.filter((l) => l.url === url && !l.deleted);

/** Waits for a status region of `page` saying exactly `text`. */
const statusSays = (page: Page, text: string) =>
  until(async () => {
    for (const s of await controls(page, 'status')) if ((await valueOf(s)) === text) return true;
    return false;
  }, `status "${text}"`);

/** The background page's omnibox suggestions for `text` (its own onInputChanged listener). */
const omniboxSuggestions = (h: ExtensionHarness, text: string) =>
  evalInExtension(
    h,
    async (t) => {
      const bg = (await browser.runtime.getBackgroundPage()) as unknown as {
        __linkShortListeners?: { omniboxChanged?: (text: string, suggest: (s: unknown) => void) => Promise<void> };
      } | null;
      const changed = bg?.__linkShortListeners?.omniboxChanged;
      if (!changed) throw new Error('The background page exposes no listener "omniboxChanged"');
      let got: unknown = null;
      await changed(t, (s) => (got = s));
      // The background page's array, copied into this page's realm.
      return JSON.parse(JSON.stringify(got)) as { content: string; description: string }[];
    },
    text,
  );

describe('Firefox: clean links, channels, copy formats, the address bar, the bulk page', () => {
  const ext = withExtension({ sandbox: { mainLimit: 100_000 } });
  beforeEach(async () => {
    await clearNotifications(ext.h);
  });

  it('the popup shortens the tab without its tracking parameters, and "Keep them" sends the original', async () => {
    const tracked = `${ext.sb.url}/page/article?utm_source=news&utm_medium=mail&id=5#top`;
    const cleaned = `${ext.sb.url}/page/article?id=5#top`;
    const popup = await openPopupFor(ext.h, tracked);
    const longUrl = await control(popup, 'textbox', 'Long URL');
    await until(async () => (await valueOf(longUrl)) === cleaned, 'the cleaned URL in Long URL');
    await statusSays(popup, 'Tracking parameters removed: utm_source, utm_medium');
    await screenshot(popup, 'firefox-popup-cleaned-note');
    await (await control(popup, 'button', 'Shorten')).click();
    const short = await valueOf(await control(popup, 'textbox', 'Short link'));
    expect(linksTo(ext.sb, cleaned).map((l) => l.short_url)).toEqual([short]);
    expect(linksTo(ext.sb, tracked)).toHaveLength(0);
    await popup.close();

    const again = await openPopupFor(ext.h, tracked);
    await (await control(again, 'button', 'Keep them')).click();
    expect(await valueOf(await control(again, 'textbox', 'Long URL'))).toBe(tracked);
    await (await control(again, 'button', 'Shorten')).click();
    const kept = await valueOf(await control(again, 'textbox', 'Short link'));
    expect(linksTo(ext.sb, tracked).map((l) => l.short_url)).toEqual([kept]);
    expect(linksTo(ext.sb, cleaned)).toHaveLength(1); // not made again
    await again.close();
  });

  it('a link made with a channel chosen is in that channel; "Copy as" Markdown copies [title](short link)', async () => {
    const data = ext.sb.state.forKey(ext.sb.key);
    const channel = data.channels[2]!;
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/channelled?utm_campaign=x`);
    const select = await control(popup, 'combobox', 'Channel');
    await until(() => select.evaluate((s) => (s as HTMLSelectElement).options.length > 2), 'the channels in "Channel"');
    await selectByLabel(select, channel.name);
    await (await control(popup, 'button', 'Shorten')).click();
    const short = await valueOf(await control(popup, 'textbox', 'Short link'));
    const link = linksTo(ext.sb, `${ext.sb.url}/page/channelled`)[0]!;
    expect(link?.short_url).toBe(short);
    expect(data.channelItems.filter((i) => i.channel_id === channel.id && i.type === 'links' && i.item_id === link.id)).toHaveLength(1);
    await until(async () => (await popup.$(`::-p-text(Added to channel ${channel.name})`)) !== null, 'the channel outcome');
    await statusSays(popup, 'Copied to clipboard');
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(short);

    await selectByLabel(await control(popup, 'combobox', 'Copy as'), 'Markdown');
    await (await control(popup, 'button', 'Copy')).click();
    await until(
      async () => (await readClipboard(ext.h, ext.sb.url)) === `[Test page channelled](${short})`,
      'the Markdown link on the clipboard',
    );
    await screenshot(popup, 'firefox-popup-channel');
    await popup.close();
  });

  it("the copy-format preference changes what the shortcut copies; Firefox's notification has no Undo, Delete in Recent links undoes", async () => {
    const options = await openOptions(ext.h);
    await selectByLabel(await control(options, 'combobox', 'Copy format'), 'Markdown');
    await until(async () => (await readStorage<Settings>(ext.h, 'settings'))?.copyFormat === 'markdown', 'the preference saved');
    await options.close();

    const page = await openPage(ext.h, `${ext.sb.url}/page/by-shortcut?gclid=123`);
    await page.bringToFront();
    const tab = await evalInExtension(
      ext.h,
      async () => (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0] ?? null,
      undefined,
    );
    expect(tab?.url).toBe(`${ext.sb.url}/page/by-shortcut?gclid=123`);
    await callBackground(ext.h, 'command', ['shorten-current-tab', tab]);

    const url = `${ext.sb.url}/page/by-shortcut`; // cleaned
    const link = await until(() => linksTo(ext.sb, url)[0], 'the link in the sandbox');
    const shown = await until(async () => {
      const all = Object.entries(await notifications(ext.h));
      return all.length > 0 ? all : undefined;
    }, 'the notification');
    expect(shown).toHaveLength(1);
    const [id, note] = shown[0]!;
    expect(note).toMatchObject({ title: 'Short link copied', message: link.short_url });
    expect(id).toMatch(/^undo:/); // Chrome's Undo would find the entry by it
    expect((note as { buttons?: unknown }).buttons ?? []).toEqual([]); // Firefox: no button
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(`[Test page by-shortcut](${link.short_url})`);
    await page.close();

    // Undo in Firefox: Delete in the popup's Recent links (after confirming).
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/after-shortcut`);
    const recent = await control(popup, 'region', 'Recent links');
    await (await control(recent, 'button', `Delete ${link.short_url}`)).click();
    const confirm = await control(recent, 'group', 'Delete this link on the service?');
    expect(link.deleted).toBe(false); // nothing happens before the confirmation
    await (await control(confirm, 'button', `Yes, delete ${link.short_url}`)).click();
    await statusSays(popup, 'Link deleted');
    expect(linksTo(ext.sb, url)).toHaveLength(0);
    const history = (await readStorage<HistoryEntry[]>(ext.h, 'history')) ?? [];
    expect(history.some((e) => e.shortUrl === link.short_url)).toBe(false);
    await popup.close();

    await evalInExtension(
      ext.h,
      async () => {
        const { settings } = await browser.storage.local.get('settings');
        await browser.storage.local.set({ settings: { ...(settings as object), copyFormat: 'link' } });
      },
      undefined,
    );
  });

  it('the address-bar keyword ls: Enter shortens the current tab, a typed address, and a suggested Recent link is copied', async () => {
    const manifest = await evalInExtension(ext.h, () => browser.runtime.getManifest() as unknown, undefined);
    expect((manifest as { omnibox?: { keyword: string } }).omnibox?.keyword).toBe('ls');

    const page = await openPage(ext.h, `${ext.sb.url}/page/from-omnibox`);
    await page.bringToFront();
    await callBackground(ext.h, 'omniboxEntered', ['']);
    const tabLink = await until(() => linksTo(ext.sb, `${ext.sb.url}/page/from-omnibox`)[0], 'the tab shortened');
    await until(async () => Object.keys(await notifications(ext.h)).length > 0, 'its notification');
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(tabLink.short_url);

    await clearNotifications(ext.h);
    await callBackground(ext.h, 'omniboxEntered', [`${ext.sb.url}/page/typed?utm_source=x&q=1&r=2`]);
    const typed = await until(() => linksTo(ext.sb, `${ext.sb.url}/page/typed?q=1&r=2`)[0], 'the typed address shortened, cleaned');
    await until(async () => Object.keys(await notifications(ext.h)).length > 0, 'its notification');
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(typed.short_url);

    // Suggestions: the Recent links that match, each offering to copy its short link.
    const suggested = await omniboxSuggestions(ext.h, 'from-omnibox');
    expect(suggested.map((s) => s.content)).toEqual([tabLink.short_url]);
    expect(suggested[0]!.description).toContain(tabLink.short_url);
    // Firefox shows descriptions as text (Chrome reads XML): the typed link's "&" stays as it is.
    const typedSuggested = await omniboxSuggestions(ext.h, 'typed?q=1');
    expect(typedSuggested.map((s) => s.content)).toEqual([typed.short_url]);
    expect(typedSuggested[0]!.description).toContain('/page/typed?q=1&r=2');

    await clearNotifications(ext.h);
    await callBackground(ext.h, 'omniboxEntered', [tabLink.short_url]);
    const copied = await until(async () => Object.values(await notifications(ext.h))[0], 'the "copied" notification');
    expect(copied.message).toBe(tabLink.short_url);
    expect(await readClipboard(ext.h, ext.sb.url)).toBe(tabLink.short_url);
    expect(linksTo(ext.sb, `${ext.sb.url}/page/from-omnibox`)).toHaveLength(1); // copied, not made again
    await page.close();
  });

  it('the bulk page: pasted addresses are each made once, cleaned, in the channel shown, "N of M made"', async () => {
    const u = (n: number) => `${ext.sb.url}/page/ff-bulk-${n}`;
    const bulk = await openPage(ext.h, ext.h.url('bulk.html'));
    await control(bulk, 'heading', 'Shorten many links');
    await fill(
      await control(bulk, 'textbox', 'Addresses'),
      [u(1), `See ${u(2)} and ${u(3)}?utm_source=mail`, u(1), 'not an address'].join('\n'),
    );
    await until(
      async () => (await bulk.$('::-p-text(3 to shorten · 1 listed more than once (made once) · 1 skipped)')) !== null,
      '"3 to shorten"',
    );
    // The channel the popup remembered is preselected; the links go there.
    const channelId = Number(await valueOf(await control(bulk, 'combobox', 'Channel')));
    expect(channelId).toBe(ext.sb.state.forKey(ext.sb.key).channels[2]!.id);
    await (await control(bulk, 'button', 'Shorten all')).click();
    await until(async () => (await bulk.$('::-p-text(3 of 3 made)')) !== null, '"3 of 3 made"', OUTCOME_MS);
    const bars = await controls(bulk, 'progressbar');
    expect(await Promise.all(bars.map((p) => p.evaluate((e) => e.getAttribute('aria-valuenow'))))).toEqual(['3']);
    await sleep(300); // a late duplicate would arrive now
    const items = ext.sb.state.forKey(ext.sb.key).channelItems;
    for (const n of [1, 2, 3]) {
      const made = linksTo(ext.sb, u(n));
      expect(made, u(n)).toHaveLength(1);
      expect(
        items.filter((i) => i.type === 'links' && i.item_id === made[0]!.id).map((i) => i.channel_id),
        u(n),
      ).toEqual([channelId]);
    }
    const history = (await readStorage<HistoryEntry[]>(ext.h, 'history')) ?? [];
    for (const n of [1, 2, 3])
      expect(
        history.filter((e) => e.longUrl === u(n)),
        u(n),
      ).toHaveLength(1);
    await screenshot(bulk, 'firefox-bulk-done');
    await bulk.close();
  });
});
