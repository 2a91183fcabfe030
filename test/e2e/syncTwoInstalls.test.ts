/**
 * Two installs of the built extension (two Chromium profiles, each with its own key of one
 * account) sharing one sync area, as a browser account's sync would: the test carries what each
 * install writes to storage.sync to the other (syncRelay.ts; Chromium does not share storage.sync
 * between profiles without a Google account). Both converge on the same presets, rules and QR
 * style after edits on both sides, a deletion on one side is kept, nothing is doubled, and no key
 * reaches the sync area. A record long enough to take several items of the area, then cleared,
 * leaves no item behind in either area. Every step goes through the options pages and the workers' own code.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureExtension, evalInWorker, launchExtension, openOptions, OUTCOME_MS, until, type ExtensionHarness } from './harness';
import { withExtension } from './fixture';
import { syncServer, type Area, type SyncAreaAccess } from './syncRelay';
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
} from './syncConventionsFixture';

declare const chrome: typeof Browser;

/** All of an install's sync area, read in its worker. */
const syncAreaOf = (h: ExtensionHarness) => evalInWorker(h, () => chrome.storage.sync.get(null) as Promise<Area>, null);

/** Chromium's part of the relay: each install's storage.sync, reached in its worker. */
const chromiumSync: SyncAreaAccess<ExtensionHarness> = {
  read: syncAreaOf,
  write: (h, delivery) =>
    evalInWorker(
      h,
      async (d) => {
        if (d.remove.length) await chrome.storage.sync.remove(d.remove);
        if (Object.keys(d.set).length) await chrome.storage.sync.set(d.set);
      },
      delivery,
    ),
};

/** What an install keeps of the account's conventions, read in its worker. */
const conventionsOf = (h: ExtensionHarness) => evalInWorker(h, readConventions, null);

describe('two installs sharing one sync area converge', () => {
  const ext = withExtension({ beforeLaunch: (sb) => sb.state.shareAccount(sb.key, SECOND_KEY) });
  const server = syncServer(chromiumSync);
  let b: ExtensionHarness;
  let pageA: Page;
  let pageB: Page;
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const names = (page: Page, section: string) =>
    region(page, section)
      .locator('strong.name')
      .allTextContents()
      .catch(() => [] as string[]);

  /** Syncs both installs until each holds the same conventions as the other and `check` holds. */
  async function converge(what: string, check: (c: Conventions) => boolean): Promise<Conventions> {
    return until(
      async () => {
        await server.sync(ext.h);
        await server.sync(b);
        const [a, other] = [await conventionsOf(ext.h), await conventionsOf(b)];
        const { fp: _a, ...ca } = a;
        const { fp: _b, ...cb } = other;
        return JSON.stringify(ca) === JSON.stringify(cb) && check(ca) ? ca : null;
      },
      what,
      OUTCOME_MS,
      250,
    );
  }

  async function turnOnSync(page: Page): Promise<void> {
    const prefs = region(page, 'Preferences');
    await prefs.getByRole('checkbox', { name: 'Sync presets, rules and QR style', exact: true }).check();
    await prefs.getByText('Presets, rules and QR style are synced.').waitFor();
  }

  async function importFile(page: Page, file: object, done: string): Promise<void> {
    const rules = region(page, 'Site rules');
    await rules
      .getByLabel('Import rules')
      .setInputFiles({ name: 'rules.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await rules.getByText(done).waitFor();
  }

  beforeAll(async () => {
    b = await launchExtension();
    await configureExtension(b, { serviceUrl: ext.sb.url, apiKey: SECOND_KEY });
    [pageA, pageB] = [await openOptions(ext.h), await openOptions(b)];
    await region(pageA, 'UTM presets').getByText('No UTM presets yet.').waitFor();
    await region(pageB, 'UTM presets').getByText('No UTM presets yet.').waitFor();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  it('each brings its own: both end with the presets, the rule and the style of the two, once each', async () => {
    await turnOnSync(pageA);
    await turnOnSync(pageB);
    // A: a preset and a rule naming it, and a QR style, from a file; B: a preset of its own.
    await importFile(
      pageA,
      {
        linkshortSiteRules: 1,
        presets: [NEWS],
        rules: [{ id: 'blog', site: BLOG, domainId: null, campaignId: null, channelId: null, presetId: 'news' }],
        qrStyle: { foreground: '#1f3a93', background: '#ffffff', logo: null },
      },
      '1 rules imported; the rules before were replaced. The QR style was imported too.',
    );
    const presetsB = region(pageB, 'UTM presets');
    await presetsB.getByLabel('Preset name', { exact: true }).fill('Print');
    await presetsB.getByLabel('UTM source', { exact: true }).fill('print');
    await presetsB.getByRole('button', { name: 'Add preset', exact: true }).click();
    await presetsB.getByText('Preset “Print” added.').waitFor();

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
    const presetsA = region(pageA, 'UTM presets');
    await presetsA.getByRole('button', { name: 'Edit preset Print', exact: true }).click();
    const form = presetsA.getByRole('form', { name: 'Edit preset Print' });
    await form.getByLabel('UTM source', { exact: true }).fill('print-2');
    await form.getByRole('button', { name: 'Update preset' }).click();
    await presetsA.getByText('Changes saved.').waitFor();
    // B deletes the rule, then brings a style (from a file without rules: none are left to replace).
    const rulesB = region(pageB, 'Site rules');
    await rulesB.getByRole('button', { name: `Delete rule ${BLOG}`, exact: true }).click();
    await rulesB.getByRole('button', { name: `Yes, delete rule ${BLOG}`, exact: true }).click();
    await rulesB.getByText('Rule deleted.').waitFor();
    await importFile(
      pageB,
      { linkshortSiteRules: 1, presets: [], rules: [], qrStyle: { foreground: '#0b6e4f', background: '#ffffff' } },
      '0 rules imported; the rules before were replaced. The QR style was imported too.',
    );

    const both = await converge(
      'both installs with the edit, the deletion and the new style',
      (c) => c.rules.length === 0 && c.style?.foreground === '#0b6e4f' && c.presets.some((p) => p.source === 'print-2'),
    );
    expect(both.presets.map((p) => `${p.name}:${p.source}`).sort()).toEqual(['News:newsletter', 'Print:print-2']);
    for (const page of [pageA, pageB])
      await until(async () => (await names(page, 'Site rules')).length === 0, 'the rule gone from the page');

    // Synced again and again, the deletion stays and nothing comes back or doubles.
    for (let i = 0; i < 3; i++) {
      await server.sync(ext.h);
      await server.sync(b);
    }
    const [a, other] = [await conventionsOf(ext.h), await conventionsOf(b)];
    expect(a.rules).toEqual([]);
    expect(other.presets.map((p) => p.name).sort()).toEqual(['News', 'Print']);
  });

  it('a long list of rules brought on A and cleared on B: both show none, and no part of the longer record is left in either area', async () => {
    await importFile(pageA, { linkshortSiteRules: 1, presets: [NEWS], rules: longRules() }, `${LONG_LIST} rules imported;`);
    await converge(`both installs with the ${LONG_LIST} rules`, (c) => c.rules.length === LONG_LIST);
    // The record took more than one item of the area: clearing the list makes some of them go.
    expect(recordKeys(server.items()).length).toBeGreaterThan(2);

    await importFile(pageB, { linkshortSiteRules: 1, presets: [], rules: [] }, '0 rules imported;');
    await converge('both installs with no rules', (c) => c.rules.length === 0);
    for (const page of [pageA, pageB]) await until(async () => (await names(page, 'Site rules')).length === 0, 'no rule shown');
    // Once synced, each area holds the record's items and nothing else: the removed ones went from both.
    const areas = await until(
      async () => {
        await server.sync(ext.h);
        await server.sync(b);
        const found = [await syncAreaOf(ext.h), await syncAreaOf(b)];
        return found.every((a) => sortedArea(a) === sortedArea(server.items())) ? found : null;
      },
      'both areas alike',
      OUTCOME_MS,
      250,
    );
    for (const area of areas) expect(Object.keys(area).sort()).toEqual(recordKeys(area));
  });

  it('no key, nor the service address, ever reaches the sync area; each install has its own fingerprint', async () => {
    const [a, other] = [await conventionsOf(ext.h), await conventionsOf(b)];
    expect(a.fp).not.toBe(other.fp);
    for (const area of [server.items(), await syncAreaOf(ext.h), await syncAreaOf(b)]) {
      const text = JSON.stringify(area);
      for (const key of Object.keys(area)) expect(key).toMatch(/^ls\.[0-9a-f]{16}(\.\d+)?$/);
      expect(text).not.toContain(ext.sb.key);
      expect(text).not.toContain(SECOND_KEY);
      expect(text).not.toContain(ext.sb.url);
    }
    // One account, one record: both installs name it alike.
    expect(Object.keys(server.items()).filter((k) => /^ls\.[0-9a-f]{16}$/.test(k))).toHaveLength(1);
  });
});
