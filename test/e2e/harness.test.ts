/**
 * The harness itself: worker stop/restart through CDP, the popup's active tab in awkward
 * situations, the clipboard reader. If these fail, the other browser tests cannot be trusted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  configureExtension,
  evalInWorker,
  launchExtension,
  openBackgroundPage,
  openPopupFor,
  readClipboard,
  readStorage,
  stopWorker,
  wakeWorker,
  waitForWorker,
  type ExtensionHarness,
} from './harness';

declare const chrome: typeof Browser;

describe('harness', () => {
  let h: ExtensionHarness;
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
    h = await launchExtension();
    await configureExtension(h, { serviceUrl: sandbox.url, apiKey: sandbox.key });
  });
  afterAll(async () => {
    await h?.close();
    await sandbox?.close();
  });

  it('stops the worker and gets a fresh one after wakeWorker', async () => {
    await evalInWorker(h, () => {
      (globalThis as { __mark?: string }).__mark = 'before';
    }, undefined);
    await stopWorker(h);
    await expect(readStorage(h, 'connection')).rejects.toThrow(/stopped/);
    const w = await wakeWorker(h);
    expect(w.url()).toBe(h.url('background.js'));
    expect(await w.evaluate(() => (globalThis as { __mark?: string }).__mark ?? 'fresh')).toBe('fresh');
    expect(await readStorage(h, 'connection')).toEqual({ serviceUrl: sandbox.url, apiKey: sandbox.key });
  });

  it('the popup wakes a stopped worker (openPopupFor needs no worker)', async () => {
    await stopWorker(h);
    const popup = await openPopupFor(h, `${sandbox.url}/page/wake`);
    await waitForWorker(h);
    expect(await h.worker.evaluate(() => 1 + 1)).toBe(2);
    await popup.close();
  });

  it('opens the popup for a page already open, even with other tabs and windows around', async () => {
    const a = await h.context.newPage();
    await a.goto(`${sandbox.url}/page/a`);
    const b = await h.context.newPage(); // b is now the active tab
    await b.goto(`${sandbox.url}/page/b`);
    await evalInWorker(h, async (url) => {
      await chrome.windows.create({ url, focused: true });
    }, `${sandbox.url}/page/other-window`);

    const popup = await openPopupFor(h, a);
    const seen = await popup.evaluate(async () => (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.url);
    expect(seen).toBe(`${sandbox.url}/page/a`);
    // Reloading keeps the popup in the background: it still acts on the page.
    await popup.reload();
    expect(await popup.evaluate(async () => (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.url)).toBe(
      `${sandbox.url}/page/a`,
    );
    await popup.close();
  });

  it('reads the clipboard without changing the active tab', async () => {
    const writer = await openBackgroundPage(h, `${sandbox.url}/static`);
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url });
    await writer.evaluate(() => navigator.clipboard.writeText('copied by the test ✓'));
    await writer.close();

    const page = await h.context.newPage();
    await page.goto(`${sandbox.url}/page/clip`);
    expect(await readClipboard(h, sandbox.url)).toBe('copied by the test ✓');
    const active = await evalInWorker(h, async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url, undefined);
    expect(active).toBe(`${sandbox.url}/page/clip`);
  });
});
