/**
 * The harness itself: worker stop/restart through CDP, the popup's active tab in awkward
 * situations, the clipboard reader. If these fail, the other browser tests cannot be trusted.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import {
  evalInWorker,
  openBackgroundPage,
  openPopupFor,
  readClipboard,
  readStorage,
  stopWorker,
  wakeWorker,
  waitForWorker,
} from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

describe('harness', () => {
  const ext = withExtension();

  it('stops the worker and gets a fresh one after wakeWorker', async () => {
    await evalInWorker(
      ext.h,
      () => {
        (globalThis as { __mark?: string }).__mark = 'before';
      },
      undefined,
    );
    await stopWorker(ext.h);
    await expect(readStorage(ext.h, 'connection')).rejects.toThrow(/stopped/);
    const w = await wakeWorker(ext.h);
    expect(w.url()).toBe(ext.h.url('background.js'));
    expect(await w.evaluate(() => (globalThis as { __mark?: string }).__mark ?? 'fresh')).toBe('fresh');
    expect(await readStorage(ext.h, 'connection')).toEqual({ serviceUrl: ext.sb.url, apiKey: ext.sb.key });
  });

  it('the popup wakes a stopped worker (openPopupFor needs no worker)', async () => {
    await stopWorker(ext.h);
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/wake`);
    await waitForWorker(ext.h);
    expect(await ext.h.worker.evaluate(() => 1 + 1)).toBe(2);
    await popup.close();
  });

  it('opens the popup for a page already open, even with other tabs and windows around', async () => {
    const a = await ext.h.context.newPage();
    await a.goto(`${ext.sb.url}/page/a`);
    const b = await ext.h.context.newPage(); // b is now the active tab
    await b.goto(`${ext.sb.url}/page/b`);
    await evalInWorker(
      ext.h,
      async (url) => {
        await chrome.windows.create({ url, focused: true });
      },
      `${ext.sb.url}/page/other-window`,
    );

    const popup = await openPopupFor(ext.h, a);
    const seen = await popup.evaluate(async () => (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.url);
    expect(seen).toBe(`${ext.sb.url}/page/a`);
    // Reloading keeps the popup in the background: it still acts on the page.
    await popup.reload();
    expect(await popup.evaluate(async () => (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.url)).toBe(
      `${ext.sb.url}/page/a`,
    );
    await popup.close();
  });

  it('reads the clipboard without changing the active tab', async () => {
    const writer = await openBackgroundPage(ext.h, `${ext.sb.url}/static`);
    await ext.h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ext.sb.url });
    await writer.evaluate(() => navigator.clipboard.writeText('copied by the test ✓'));
    await writer.close();

    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/clip`);
    expect(await readClipboard(ext.h, ext.sb.url)).toBe('copied by the test ✓');
    const active = await evalInWorker(
      ext.h,
      async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url,
      undefined,
    );
    expect(active).toBe(`${ext.sb.url}/page/clip`);
  });
});
