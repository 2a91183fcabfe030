/**
 * Stored state that cannot break the extension (issues 24 and 26), in Chromium against the
 * built extension: garbage, wrong types, an older version and an oversized value are written
 * into each stored item in turn, the worker is stopped, and the popup, options and bulk pages
 * are opened: each works, and where the user lost something the first page says what, once.
 * Then the reproductions end to end: history or queue as a string, and two presses make two
 * links, each once.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  collectErrors,
  configureExtension,
  evalInWorker,
  launchExtension,
  openOptions,
  openPopupFor,
  readStorage,
  stopWorker,
  until,
  waitForWorker,
  type ErrorLog,
  OUTCOME_MS,
  type ExtensionHarness,
} from './harness';

declare const chrome: typeof Browser;

const BIG = 'x'.repeat(1_000_000);
const TOLD: Record<string, RegExp> = {
  connection: /The saved connection could not be read and was removed/,
  settings: /Some preferences could not be read and were set back to their defaults/,
  history: /Some Recent links could not be read and were removed/,
  queue: /Some links waiting to be made could not be read and were dropped/,
  unsent: /Some links that were not made could not be read/,
  bulk: /Some rows of the last list of many links could not be read/,
  qrStyles: /A QR code style could not be read and was removed/,
  trackedQrs: /Some tracked QR codes could not be read/,
};

type Kind = 'garbage' | 'wrong types' | 'older version' | 'oversized';
/** What is written for each kind (item → values, with `told`: whether the user loses something). */
type Case = { kind: Kind; value: (ctx: { url: string; fingerprint: string }) => Record<string, unknown>; told: boolean };

const now = Date.now();
const entry = (url: string, id: string, extra: object = {}) => ({
  id,
  longUrl: `https://example.org/${id}`,
  shortUrl: `${url}/${id}`,
  shortCode: id,
  linkId: 1,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: now,
  service: url,
  ...extra,
});
const job = (fp: string, id: string, extra: object = {}) => ({
  id,
  kind: 'shorten',
  source: 'popup',
  args: { url: `https://example.org/${id}`, domainId: null, campaignId: null },
  priority: 'interactive',
  state: 'done',
  attempts: 1,
  notBefore: 0,
  createdAt: now,
  fingerprint: fp,
  notify: false,
  settledAt: now,
  ...extra,
});
const unsent = (id: string, url = `https://example.org/${id}`) => ({
  id,
  args: { url, domainId: null, campaignId: null },
  createdAt: now,
  announced: true,
});
const batch = (url: string, fp: string, items: unknown) => ({
  id: 'b1',
  createdAt: now,
  fingerprint: fp,
  service: url,
  domainId: null,
  campaignId: null,
  channelId: null,
  items,
});
const row = (n: number) => ({ url: `https://example.org/row-${n}`, state: 'made', jobId: null, shortUrl: `https://sho.rt/r${n}` });

const CASES: Record<string, Case[]> = {
  connection: [
    { kind: 'garbage', told: true, value: () => ({ connection: 'garbage' }) },
    { kind: 'wrong types', told: true, value: () => ({ connection: { serviceUrl: 5 } }) },
    { kind: 'older version', told: false, value: ({ url }) => ({ connection: { serviceUrl: url, apiKey: KEY } }) },
    { kind: 'oversized', told: true, value: () => ({ connection: { serviceUrl: `https://${BIG}.example`, apiKey: KEY } }) },
  ],
  connectionState: [
    { kind: 'garbage', told: false, value: () => ({ connectionState: 'garbage' }) },
    { kind: 'wrong types', told: false, value: () => ({ connectionState: { connected: 'yes', fingerprint: 5 } }) },
    { kind: 'older version', told: false, value: () => ({ connectionState: null }) },
    { kind: 'oversized', told: false, value: () => ({ connectionState: { connected: true, fingerprint: BIG } }) },
  ],
  settings: [
    { kind: 'garbage', told: true, value: () => ({ settings: [1, 2, 3] }) },
    { kind: 'wrong types', told: true, value: () => ({ settings: { autoCopy: 'yes', copyFormat: 7, lastDomainId: 'x' } }) },
    {
      kind: 'older version',
      told: false,
      value: () => ({
        settings: {
          defaultDomainId: null,
          defaultCampaignId: null,
          autoCopy: true,
          keepHistory: true,
          lastDomainId: null,
          lastCampaignId: null,
        },
        settings$: { v: 1 },
      }),
    },
    { kind: 'oversized', told: true, value: () => ({ settings: { autoCopy: true, copyFormat: BIG } }) },
  ],
  history: [
    { kind: 'garbage', told: true, value: () => ({ history: 'garbage' }) },
    { kind: 'wrong types', told: true, value: ({ url }) => ({ history: [null, 7, { id: 5 }, entry(url, 'kept')] }) },
    { kind: 'older version', told: false, value: ({ url }) => ({ history: [entry(url, 'old')] }) },
    {
      kind: 'oversized',
      told: true,
      value: ({ url }) => ({ history: [entry(url, 'big', { longUrl: `https://example.org/${BIG}` }), entry(url, 'kept')] }),
    },
  ],
  queue: [
    { kind: 'garbage', told: true, value: () => ({ queue: 'garbage' }) },
    { kind: 'wrong types', told: true, value: () => ({ queue: [null, 7] }) },
    {
      kind: 'older version',
      told: false,
      value: ({ fingerprint }) => ({ queue: [(({ notify: _, ...j }) => j)(job(fingerprint, 'old'))] }),
    },
    {
      kind: 'oversized',
      told: true,
      value: ({ fingerprint }) => ({
        queue: [job(fingerprint, 'big', { args: { url: `https://example.org/${BIG}`, domainId: null, campaignId: null } })],
      }),
    },
  ],
  unsent: [
    { kind: 'garbage', told: true, value: () => ({ unsent: 'garbage' }) },
    { kind: 'wrong types', told: true, value: () => ({ unsent: { id: 'x' } }) },
    { kind: 'older version', told: false, value: () => ({ unsent: [] }) },
    { kind: 'oversized', told: true, value: () => ({ unsent: [unsent('big', `https://example.org/${BIG}`)] }) },
  ],
  cache: [
    { kind: 'garbage', told: false, value: () => ({ cache: 'garbage' }) },
    {
      kind: 'wrong types',
      told: false,
      value: ({ fingerprint }) => ({ cache: { fingerprint, lists: { domains: { value: [null, 7], fetchedAt: now } }, account: 5 } }),
    },
    { kind: 'older version', told: false, value: ({ fingerprint }) => ({ cache: { fingerprint, lists: {} } }) },
    {
      kind: 'oversized',
      told: false,
      value: ({ fingerprint }) => ({ cache: { fingerprint, lists: { campaigns: { value: [{ id: 1, name: BIG }], fetchedAt: now } } } }),
    },
  ],
  budgets: [
    { kind: 'garbage', told: false, value: () => ({ budgets: 'garbage' }) },
    { kind: 'wrong types', told: false, value: ({ fingerprint }) => ({ budgets: { fingerprint, states: { main: { limit: 'x' } } } }) },
    {
      kind: 'older version',
      told: false,
      value: () => ({ budgets: { main: { limit: 10, remaining: 10, resetAt: now, windowMs: 60_000, learned: false } } }),
    },
    {
      kind: 'oversized',
      told: false,
      value: ({ fingerprint }) => ({
        budgets: { fingerprint, states: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`g${i}`, 1])) },
      }),
    },
  ],
  bulk: [
    { kind: 'garbage', told: true, value: () => ({ bulk: 'garbage' }) },
    {
      kind: 'wrong types',
      told: true,
      value: ({ url, fingerprint }) => ({ bulk: batch(url, fingerprint, [row(1), { url: 5, state: 'made' }]) }),
    },
    {
      kind: 'older version',
      told: false,
      value: ({ url, fingerprint }) => ({ bulk: batch(url, fingerprint, [(({ jobId: _, ...r }) => r)(row(1))]) }),
    },
    {
      kind: 'oversized',
      told: true,
      value: ({ url, fingerprint }) => ({
        bulk: batch(
          url,
          fingerprint,
          Array.from({ length: 1500 }, (_, i) => row(i)),
        ),
      }),
    },
  ],
  qrStyles: [
    { kind: 'garbage', told: true, value: () => ({ qrStyles: 'garbage' }) },
    {
      kind: 'wrong types',
      told: true,
      value: ({ fingerprint }) => ({ qrStyles: { [fingerprint]: { foreground: 5, background: '#ffffff', logo: null } } }),
    },
    {
      kind: 'older version',
      told: false,
      value: ({ fingerprint }) => ({ qrStyles: { [fingerprint]: { foreground: '#000000', background: '#ffffff', logo: null } } }),
    },
    {
      kind: 'oversized',
      told: true,
      value: ({ fingerprint }) => ({
        qrStyles: {
          [fingerprint]: {
            foreground: '#000000',
            background: '#ffffff',
            logo: { dataUrl: `data:image/png;base64,${BIG}`, type: 'image/png', bytes: 750_000, name: 'big.png' },
          },
        },
      }),
    },
  ],
  trackedQrs: [
    { kind: 'garbage', told: true, value: () => ({ trackedQrs: 'garbage' }) },
    { kind: 'wrong types', told: true, value: ({ fingerprint }) => ({ trackedQrs: { [fingerprint]: { x: { state: 'nope' } } } }) },
    { kind: 'older version', told: false, value: () => ({ trackedQrs: {} }) },
    {
      kind: 'oversized',
      told: true,
      value: ({ url, fingerprint }) => ({
        trackedQrs: {
          [fingerprint]: {
            [`${url}/x`]: {
              shortUrl: `${url}/${BIG}`,
              state: 'made',
              foreground: 'rgb(0,0,0)',
              background: 'rgb(255,255,255)',
              createdAt: now,
            },
          },
        },
      }),
    },
  ],
  policy: [
    { kind: 'garbage', told: false, value: () => ({ policy: 'garbage' }) },
    { kind: 'wrong types', told: false, value: () => ({ policy: { policy: { settings: 5 }, applied: [] } }) },
    { kind: 'older version', told: false, value: () => ({ policy: null }) },
    {
      kind: 'oversized',
      told: false,
      value: () => ({
        policy: { policy: { settings: {}, ignored: Array.from({ length: 50_000 }, (_, i) => ({ key: `k${i}` })) }, applied: {} },
      }),
    },
  ],
};

let KEY = '';

describe('stored state that cannot break the extension', () => {
  let sb: Sandbox;
  let h: ExtensionHarness;
  let errors: ErrorLog;
  let target: Page;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, plan: 'pro' });
    KEY = sb.key;
    h = await launchExtension();
    errors = collectErrors(h);
    target = await h.context.newPage();
    await target.goto(`${sb.url}/page/stored`);
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  /** A clean, connected extension whose worker has written its connection state. */
  async function connected(): Promise<string> {
    await evalInWorker(h, () => chrome.storage.local.clear(), undefined);
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const options = await openOptions(h);
    await options.getByRole('status').filter({ hasText: 'Connected' }).first().waitFor({ timeout: OUTCOME_MS });
    await options.close();
    return (await readStorage<{ fingerprint: string }>(h, 'connectionState'))?.fingerprint ?? '';
  }

  /** Opens the three pages; each must work. Returns the text the user was told (of all three). */
  async function openPages(): Promise<string> {
    const popup = await openPopupFor(h, target);
    await popup
      .getByLabel('Long URL', { exact: true })
      .or(popup.getByText('Connect the extension to your link service first.'))
      .first()
      .waitFor({ timeout: OUTCOME_MS });
    // The worker's reading after the first paint has answered once Recent links are drawn.
    await popup
      .getByRole('region', { name: 'Recent links' })
      .or(popup.getByText('Connect the extension to your link service first.'))
      .first()
      .waitFor();
    await popup
      .waitForFunction(() => !document.body.textContent?.includes('Loading'), undefined, { timeout: 20_000 })
      .catch(() => undefined); // not an outcome: a page may keep a loading list
    const options = await openOptions(h);
    await options.getByLabel('Service URL', { exact: true }).waitFor({ timeout: OUTCOME_MS });
    const bulk = await h.context.newPage();
    await bulk.goto(h.url('bulk.html'));
    await bulk.getByRole('heading', { name: 'Shorten many links' }).waitFor({ timeout: OUTCOME_MS });
    const told = (await Promise.all([popup, options, bulk].map((p) => p.locator('.storage-notice').allTextContents()))).flat().join(' ');
    for (const p of [popup, options, bulk]) await p.close();
    return told;
  }

  for (const [item, cases] of Object.entries(CASES)) {
    it(`${item}: garbage, wrong types, an older version, an oversized value`, async () => {
      for (const c of cases) {
        const fingerprint = await connected();
        const values = c.value({ url: sb.url, fingerprint });
        await evalInWorker(h, (v) => chrome.storage.local.set(v), values);
        await stopWorker(h);
        const told = await openPages();
        await waitForWorker(h);
        const said = TOLD[item];
        if (c.told) expect(told, `${item}, ${c.kind}`).toMatch(said!);
        else expect(told, `${item}, ${c.kind}`).toBe('');
        // Told once: the next pages say nothing more.
        expect(await openPages(), `${item}, ${c.kind}, opened again`).toBe('');
        await waitForWorker(h);
        // The key is never lost because another item was wrong.
        if (item !== 'connection')
          expect((await readStorage<{ apiKey: string }>(h, 'connection'))?.apiKey, `${item}, ${c.kind}`).toBe(sb.key);
      }
      expect(errors.entries.filter((e) => e.message.startsWith('pageerror'))).toEqual([]);
    });
  }

  it('damaged presets, rules, QR styles and tracked QR codes: the popup says what was lost, once, and the valid rule still chooses', async () => {
    const fingerprint = await connected();
    const host = new URL(sb.url).hostname;
    const campaign = sb.state.forKey(sb.key).campaigns[1]!;
    const valid = { id: 'r-ok', site: `${host}/page/`, domainId: null, campaignId: campaign.id, channelId: null, presetId: null };
    const made = { shortUrl: `${sb.url}/qr1`, state: 'made', foreground: 'rgb(0,0,0)', background: 'rgb(255,255,255)', createdAt: now };
    await evalInWorker(h, (v) => chrome.storage.local.set(v), {
      linkRules: { [fingerprint]: { presets: 'garbage', rules: [{ ...valid, id: 'r-bad', site: 42 }, valid], campaignPresets: {} } },
      qrStyles: { [fingerprint]: 'garbage' },
      trackedQrs: { [fingerprint]: { [`${sb.url}/qr1`]: made, x: { state: 'nope' } } },
    });
    await stopWorker(h);
    const popup = await openPopupFor(h, target);
    const notice = popup.locator('.storage-notice');
    await notice.waitFor({ timeout: OUTCOME_MS });
    await until(
      async () => /Some UTM presets or site rules could not be read/.test((await notice.textContent()) ?? ''),
      'the loss of a rule told',
    );
    const text = (await notice.textContent()) ?? '';
    expect(text).toMatch(TOLD.qrStyles!);
    expect(text).toMatch(TOLD.trackedQrs!);
    await popup
      .getByRole('status')
      .filter({ hasText: `Rule: ${host}/page/` })
      .waitFor();
    await until(
      async () => (await popup.getByLabel('Campaign', { exact: true }).inputValue()) === String(campaign.id),
      "the valid rule's campaign",
    );
    await popup.close();
    // Told once; the valid rule is still stored.
    expect(await openPages()).toBe('');
    await waitForWorker(h);
    const stored = await readStorage<Record<string, { rules: { id: string }[] }>>(h, 'linkRules');
    expect(stored?.[fingerprint]?.rules.map((r) => r.id)).toEqual(['r-ok']);
  });

  it.each(['history', 'queue'])('%s as a string: two presses make two links, each once, shown in the popup', async (item) => {
    await connected();
    await evalInWorker(h, (v) => chrome.storage.local.set(v), { [item]: 'garbage' });
    await stopWorker(h);
    for (const n of [1, 2]) {
      const url = `${sb.url}/page/press-${item}-${n}`;
      const popup = await openPopupFor(h, url);
      await popup.getByLabel('Long URL', { exact: true }).fill(url);
      await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
      await popup.getByLabel('Short link', { exact: true }).waitFor({ timeout: OUTCOME_MS });
      expect(await popup.getByRole('alert').count()).toBe(0);
      expect(sb.state.forKey(sb.key).links.filter((l) => l.url === url)).toHaveLength(1);
      await popup.close();
    }
    await waitForWorker(h);
  });
});
