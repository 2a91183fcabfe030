/**
 * Smoke test of the built extension in Chromium: the worker starts, the pages open without
 * errors, the manifest asks for exactly the expected permissions. `npm test` builds first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import {
  DEFAULT_EXTENSION_DIR,
  OUTCOME_MS,
  REPO_ROOT,
  configureExtension,
  openOptions,
  openPopupFor,
  readBuiltManifest,
  readStorage,
  screenshot,
} from './harness';
import { measureSizes } from '../bench/sizes';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

const MANIFEST = join(DEFAULT_EXTENSION_DIR, 'manifest.json');
if (!existsSync(MANIFEST)) {
  throw new Error(`${MANIFEST} is missing: the e2e tests run against the build. Run \`npm run build\` (npm test does it) first.`);
}

/** True when the page rendered something into its body. */
const rendered = (page: Page) =>
  page.waitForFunction(
    () => document.body !== null && document.body.children.length > 0 && document.body.innerText.trim() !== '',
    undefined,
    {
      timeout: OUTCOME_MS,
    },
  );

describe('manifest', () => {
  const manifest = readBuiltManifest() as {
    manifest_version: number;
    permissions?: string[];
    host_permissions?: string[];
    optional_host_permissions?: string[];
    background?: { service_worker?: string };
    action?: { default_popup?: string };
  };

  it('is MV3 with a service worker and a popup', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background?.service_worker).toBe('background.js');
    expect(manifest.action?.default_popup).toBe('popup.html');
  });

  it("has a worker that evaluates no webextension-polyfill at its start (the browser's own API)", () => {
    const worker = readFileSync(join(DEFAULT_EXTENSION_DIR, 'background.js'), 'utf8');
    // The polyfill's own guard, first thing its factory runs (wxt.config.ts keeps it out of the worker).
    expect(worker).not.toContain('This script should only be loaded in a browser extension');
  });

  it('asks for the expected permissions and no more', () => {
    const perms = manifest.permissions ?? [];
    for (const p of ['storage', 'activeTab', 'contextMenus', 'notifications', 'alarms']) expect(perms).toContain(p);
    expect(perms).not.toContain('tabs');
    expect(perms).not.toContain('<all_urls>');
    // Anything else must be one of these (clipboard, Chrome's offscreen document).
    const known = new Set(['storage', 'activeTab', 'contextMenus', 'notifications', 'alarms', 'clipboardWrite', 'offscreen']);
    expect(perms.filter((p) => !known.has(p))).toEqual([]);
  });

  it('has loopback host access only', () => {
    const hosts = manifest.host_permissions ?? [];
    expect(hosts.length).toBeGreaterThan(0);
    for (const h of hosts) expect(h).toMatch(/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+|:\*)?\/\*$/);
    expect(hosts).not.toContain('<all_urls>');
    expect(manifest.optional_host_permissions ?? []).not.toContain('<all_urls>');
  });
});

describe("the popup's first script", () => {
  // What makes the popup draw its form soon after it opens (docs/ARCHITECTURE.md, "The popup's first script").
  const sizes = measureSizes(DEFAULT_EXTENSION_DIR);
  const code = readFileSync(join(DEFAULT_EXTENSION_DIR, sizes.popupFiles[0]!.file), 'utf8');

  it('is one file that imports no other module before it runs', () => {
    expect(sizes.popupFiles.map((f) => f.file)).toEqual([expect.stringMatching(/^chunks\/popup-[\w-]+\.js$/)]);
  });

  it('starts its storage read before React is set up, and has no preload helper', () => {
    const read = code.indexOf('storage.local.get');
    expect(read).toBeGreaterThan(-1);
    expect(read).toBeLessThan(code.indexOf('react.transitional.element'));
    expect(code).not.toContain('vite:preloadError');
  });
});

describe('extension in Chromium', () => {
  const ext = withExtension({ configure: false }); // the first test points it at the sandbox

  it('starts the service worker', async () => {
    expect(ext.h.worker.url()).toBe(`chrome-extension://${ext.h.extensionId}/background.js`);
    expect(ext.h.extensionId).toMatch(/^[a-p]{32}$/);
    expect(await ext.h.worker.evaluate(() => typeof (globalThis as { chrome?: unknown }).chrome)).toBe('object');
  });

  it('can be pointed at the sandbox', async () => {
    await configureExtension(ext.h, { serviceUrl: `${ext.sb.url}/`, apiKey: ext.sb.key });
    expect(await readStorage(ext.h, 'connection')).toEqual({ serviceUrl: ext.sb.url, apiKey: ext.sb.key });
  });

  it('opens the popup on a page without errors', async () => {
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/smoke`);
    await rendered(popup);
    // The popup acts on the page, not on itself.
    const active = await popup.evaluate(async () => (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.url);
    expect(active).toBe(`${ext.sb.url}/page/smoke`);
    await screenshot(popup, 'smoke-popup');
    expect(ext.errors.of('popup.html')).toEqual([]);
    await popup.close();
  });

  it('opens the options page without errors', async (ctx) => {
    // Until entrypoints/options exists there is no options page to open (then the build must have it).
    if (!existsSync(join(REPO_ROOT, 'entrypoints/options/index.html')) && !existsSync(join(REPO_ROOT, 'entrypoints/options.html'))) {
      ctx.skip();
      return;
    }
    const options = await openOptions(ext.h);
    await rendered(options);
    await screenshot(options, 'smoke-options');
    expect(ext.errors.of('options.html')).toEqual([]);
    await options.close();
  });
});
