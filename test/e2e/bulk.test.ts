/**
 * The bulk page ("Shorten many links") in Chromium against the sandbox: the popup's button opens
 * it for the popup's window, and "Use this window's tabs" lists that window's web tabs.
 *
 * The shipped manifest holds `tabs` only as an optional permission, asked for on the click; an
 * automated browser cannot accept the prompt, so the tabs test loads a copy of the build whose
 * manifest holds `tabs` already (the page's code is the same).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  collectErrors,
  configureExtension,
  DEFAULT_EXTENSION_DIR,
  launchExtension,
  openPopupFor,
  readBuiltManifest,
  screenshot,
  windowIdOf,
  type ErrorLog,
  type ExtensionHarness,
} from './harness';

/** A copy of the build whose manifest holds `tabs` (a test build); removed by the returned function. */
function buildHoldingTabs(): { dir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'linkshort-tabs-'));
  const dir = join(root, 'chrome-mv3');
  cpSync(DEFAULT_EXTENSION_DIR, dir, { recursive: true });
  const file = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  manifest.permissions.push('tabs');
  manifest.optional_permissions = (manifest.optional_permissions ?? []).filter((p) => p !== 'tabs');
  writeFileSync(file, JSON.stringify(manifest));
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

describe('bulk page: the window\'s tabs', () => {
  let sb: Sandbox;
  let h: ExtensionHarness;
  let build: ReturnType<typeof buildHoldingTabs>;
  let errors: ErrorLog;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, plan: 'pro' });
    build = buildHoldingTabs();
    h = await launchExtension({ extensionDir: build.dir });
    errors = collectErrors(h);
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
    build?.remove();
  });

  it('the shipped manifest keeps `tabs` optional', () => {
    const manifest = readBuiltManifest() as { permissions?: string[]; optional_permissions?: string[] };
    expect(manifest.optional_permissions).toEqual(['tabs']);
    expect(manifest.permissions).not.toContain('tabs');
  });

  it('"Shorten many…" opens the page for the popup\'s window, and "Use this window\'s tabs" lists its web tabs', async () => {
    const first = await h.context.newPage();
    await first.goto(`${sb.url}/page/tab-one`);
    const second = await h.context.newPage();
    await second.goto(`${sb.url}/page/tab-two?utm_source=news`);
    const windowId = await windowIdOf(h, second);
    const popup = await openPopupFor(h, second);
    const opened = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/bulk.html') });
    await popup.getByRole('button', { name: 'Shorten many…' }).click();
    const bulk: Page = await opened;
    expect(new URL(bulk.url()).searchParams.get('window')).toBe(String(windowId));
    await bulk.getByRole('heading', { name: 'Shorten many links' }).waitFor();

    await bulk.getByRole('button', { name: "Use this window's tabs" }).click();
    const field = bulk.getByRole('textbox', { name: 'Addresses' });
    await bulk.getByRole('status').filter({ hasText: /Addresses added from this window/ }).waitFor();
    const lines = (await field.inputValue()).trim().split('\n');
    // The window's web tabs, each once; the extension's own pages are not web pages.
    const expected = [`${sb.url}/page/tab-one`, `${sb.url}/page/tab-two?utm_source=news`];
    expect(lines.filter((l) => expected.includes(l)).sort()).toEqual([...expected].sort());
    expect(lines.every((l) => /^https?:/.test(l))).toBe(true);
    // The tracking parameter will be removed (the preference is on by default): 2 to shorten.
    await bulk.getByText(/^2 to shorten/).waitFor();
    await screenshot(bulk, 'bulk-tabs', { fullPage: true });
    expect(errors.of('bulk.html')).toEqual([]);
    await Promise.all([bulk.close(), popup.close(), first.close(), second.close()]);
  });
});
