/**
 * Two installs of the Firefox build (two Firefox ESR profiles, each with its own key of one
 * account) sharing one sync area, as the Chromium test (test/e2e/syncTwoInstalls.test.ts): Firefox
 * shares storage.sync only through a Firefox account, so the test plays the browser's sync with the
 * same relay (test/e2e/syncRelay.ts), each area read and written from an extension page. Both
 * converge on the same presets, rules and QR style after edits on both sides through the options
 * pages, a deletion on one side is kept, nothing is doubled, and no key reaches the sync area. Beyond
 * the Chromium test, a record long enough to take several items of the area is cleared, so that the
 * relay's removals are exercised: the items no longer used leave both areas.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  configureExtension,
  control,
  evalInExtension,
  failOnExtensionErrors,
  fill,
  launchExtension,
  openOptions,
  OUTCOME_MS,
  until,
  withExtension,
  type ExtensionHarness,
} from './harness';
import { withTempDir } from '../e2e/fixture';
import { syncServer, type Area, type SyncAreaAccess } from '../e2e/syncRelay';
import {
  BLOG,
  LONG_LIST,
  longRules,
  NEWS,
  readConventions,
  recordKeys,
  SECOND_KEY,
  sortedArea,
  type Conventions,
} from '../e2e/syncConventionsFixture';

/** All of an install's sync area, read from an extension page. */
const syncAreaOf = (h: ExtensionHarness) => evalInExtension(h, () => browser.storage.sync.get(null) as Promise<Area>, null);

/** Firefox's part of the relay: each install's storage.sync, reached from an extension page. */
const firefoxSync: SyncAreaAccess<ExtensionHarness> = {
  read: syncAreaOf,
  write: (h, delivery) =>
    evalInExtension(
      h,
      async (d) => {
        if (d.remove.length) await browser.storage.sync.remove(d.remove);
        if (Object.keys(d.set).length) await browser.storage.sync.set(d.set);
      },
      delivery,
    ),
};

/** What an install keeps of the account's conventions (its storage.local, under its own fingerprint). */
const conventionsOf = (h: ExtensionHarness) => evalInExtension(h, readConventions, null);

/** The names listed in an options section (found by its heading), as the user reads them. */
const names = (page: Page, section: string) =>
  page
    .evaluate((title) => {
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === title);
      return [...(heading?.closest('section')?.querySelectorAll('strong.name') ?? [])].map((e) => e.textContent ?? '');
    }, section)
    .catch(() => [] as string[]);

/** Waits until the page shows `text` (a status line). */
const shown = (page: Page, text: string) => until(async () => page.$(`::-p-text(${JSON.stringify(text)})`), `"${text}" shown`);

describe('Firefox: two installs sharing one sync area converge', () => {
  const ext = withExtension({ beforeLaunch: (sb) => sb.state.shareAccount(sb.key, SECOND_KEY) });
  const files = withTempDir('linkshort-ff-sync-');
  const server = syncServer(firefoxSync);
  let b: ExtensionHarness | undefined;
  let pageA: Page;
  let pageB: Page;
  failOnExtensionErrors(() => b);
  const other = () => b!;
  /** Every state the sync server held, to show that no key or address was ever synced. */
  const everSynced: string[] = [];

  async function syncBoth(): Promise<void> {
    await server.sync(ext.h);
    await server.sync(other());
    everSynced.push(JSON.stringify(server.items()));
  }

  /** Syncs both installs until each holds the same conventions as the other and `check` holds. */
  async function converge(what: string, check: (c: Conventions) => boolean): Promise<Conventions> {
    return until(
      async () => {
        await syncBoth();
        const { fp: _a, ...ca } = await conventionsOf(ext.h);
        const { fp: _b, ...cb } = await conventionsOf(other());
        return JSON.stringify(ca) === JSON.stringify(cb) && check(ca) ? ca : null;
      },
      what,
      OUTCOME_MS,
      250,
    );
  }

  async function turnOnSync(page: Page): Promise<void> {
    await (await control(page, 'checkbox', 'Sync presets, rules and QR style')).click();
    await shown(page, 'Presets, rules and QR style are synced.');
  }

  async function importFile(page: Page, name: string, file: object, done: string): Promise<void> {
    const path = join(files.path, name);
    writeFileSync(path, JSON.stringify(file));
    const input = (await until(
      async () => page.$('input[type="file"][aria-label="Import rules"]'),
      'the Import rules field',
    )) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(path);
    await shown(page, done);
  }

  beforeAll(async () => {
    b = await launchExtension();
    await configureExtension(b, { serviceUrl: ext.sb.url, apiKey: SECOND_KEY });
    [pageA, pageB] = [await openOptions(ext.h), await openOptions(b)];
    await shown(pageA, 'No UTM presets yet.');
    await shown(pageB, 'No UTM presets yet.');
  }, 120_000);

  it('each brings its own: both end with the presets, the rule and the style of the two, once each', async () => {
    await turnOnSync(pageA);
    await turnOnSync(pageB);
    // A: a preset and a rule naming it, and a QR style, from a file; B: a preset of its own.
    await importFile(
      pageA,
      'a.json',
      {
        linkshortSiteRules: 1,
        presets: [NEWS],
        rules: [{ id: 'blog', site: BLOG, domainId: null, campaignId: null, channelId: null, presetId: 'news' }],
        qrStyle: { foreground: '#1f3a93', background: '#ffffff', logo: null },
      },
      '1 rules imported; the rules before were replaced. The QR style was imported too.',
    );
    await fill(await control(pageB, 'textbox', 'Preset name'), 'Print');
    await fill(await control(pageB, 'textbox', 'UTM source'), 'print');
    await (await control(pageB, 'button', 'Add preset')).click();
    await shown(pageB, 'Preset “Print” added.');

    const both = await converge(
      'both installs with News, Print, the rule and the style',
      (c) => c.presets.length === 2 && c.rules.length === 1,
    );
    expect(both.presets.map((p) => p.name).sort()).toEqual(['News', 'Print']);
    expect(both.rules.map((r) => r.site)).toEqual([BLOG]);
    expect(both.style).toEqual({ foreground: '#1f3a93', background: '#ffffff' });
    // Each options page shows them, once each.
    for (const page of [pageA, pageB]) {
      await until(async () => (await names(page, 'UTM presets')).sort().join() === 'News,Print', 'the presets shown');
      await until(async () => (await names(page, 'Site rules')).join() === BLOG, 'the rule shown');
    }
  });

  it('edits on both sides meet: a preset edited on A, the rule deleted and the style changed on B; the deletion is kept', async () => {
    // A edits the preset B made (B has not seen it yet).
    await (await control(pageA, 'button', 'Edit preset Print')).click();
    const form = await control(pageA, 'form', 'Edit preset Print');
    await fill(await control(form, 'textbox', 'UTM source'), 'print-2');
    await (await control(form, 'button', 'Update preset')).click();
    await shown(pageA, 'Changes saved.');
    // B deletes the rule, then brings a style (from a file without rules: none are left to replace).
    await (await control(pageB, 'button', `Delete rule ${BLOG}`)).click();
    await (await control(pageB, 'button', `Yes, delete rule ${BLOG}`)).click();
    await shown(pageB, 'Rule deleted.');
    await importFile(
      pageB,
      'b.json',
      { linkshortSiteRules: 1, presets: [], rules: [], qrStyle: { foreground: '#0b6e4f', background: '#ffffff' } },
      '0 rules imported; the rules before were replaced. The QR style was imported too.',
    );

    const both = await converge(
      'both installs with the edit, the deletion and the new style',
      (c) => c.rules.length === 0 && c.style?.foreground === '#0b6e4f' && c.presets.some((p) => p.source === 'print-2'),
    );
    expect(both.presets.map((p) => `${p.name}:${p.source}`).sort()).toEqual(['News:newsletter', 'Print:print-2']);
    for (const page of [pageA, pageB]) {
      await until(async () => (await names(page, 'Site rules')).length === 0, 'the rule gone from the page');
      await until(async () => (await names(page, 'UTM presets')).sort().join() === 'News,Print', 'the presets shown once each');
    }

    // Synced again and again, the deletion stays and nothing comes back or doubles.
    for (let i = 0; i < 3; i++) await syncBoth();
    const [a, bb] = [await conventionsOf(ext.h), await conventionsOf(other())];
    expect(a.rules).toEqual([]);
    expect(bb.rules).toEqual([]);
    expect(bb.presets.map((p) => p.name).sort()).toEqual(['News', 'Print']);
  });

  it('a long list of rules brought on A and cleared on B: both show none, and no part of the longer record is left in either area', async () => {
    await importFile(pageA, 'many.json', { linkshortSiteRules: 1, presets: [NEWS], rules: longRules() }, `${LONG_LIST} rules imported;`);
    await converge(`both installs with the ${LONG_LIST} rules`, (c) => c.rules.length === LONG_LIST);
    // The record took more than one item of the area: clearing the list makes some of them go.
    expect(recordKeys(server.items()).length).toBeGreaterThan(2);

    await importFile(pageB, 'none.json', { linkshortSiteRules: 1, presets: [], rules: [] }, '0 rules imported;');
    await converge('both installs with no rules', (c) => c.rules.length === 0);
    for (const page of [pageA, pageB]) await until(async () => (await names(page, 'Site rules')).length === 0, 'no rule shown');
    // Once synced, each area holds the record's items and nothing else: the removed ones went from both.
    const areas = await until(
      async () => {
        await syncBoth();
        const found = [await syncAreaOf(ext.h), await syncAreaOf(other())];
        return found.every((a) => sortedArea(a) === sortedArea(server.items())) ? found : null;
      },
      'both areas alike',
      OUTCOME_MS,
      250,
    );
    for (const area of areas) expect(Object.keys(area).sort()).toEqual(recordKeys(area));
  });

  it('no key, nor the service address, ever reaches the sync area; each install has its own fingerprint', async () => {
    const [a, bb] = [await conventionsOf(ext.h), await conventionsOf(other())];
    expect(a.fp).not.toBe(bb.fp);
    for (const area of [server.items(), await syncAreaOf(ext.h), await syncAreaOf(other())]) {
      const text = JSON.stringify(area);
      for (const key of Object.keys(area)) expect(key).toMatch(/^ls\.[0-9a-f]{16}(\.\d+)?$/);
      expect(text).not.toContain(ext.sb.key);
      expect(text).not.toContain(SECOND_KEY);
      expect(text).not.toContain(ext.sb.url);
    }
    for (const text of everSynced) for (const secret of [ext.sb.key, SECOND_KEY, ext.sb.url]) expect(text).not.toContain(secret);
    // One account, one record: both installs name it alike.
    expect(Object.keys(server.items()).filter((k) => /^ls\.[0-9a-f]{16}$/.test(k))).toHaveLength(1);
  });
});
