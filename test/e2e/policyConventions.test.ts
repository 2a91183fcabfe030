/**
 * The organisation's UTM presets, site rules and QR style from a policy file (Chromium, the real
 * managed-policy folder, as policy.test.ts writes it: one file naming only this build's extension
 * id, removed afterwards; skipped, saying why, where the folder cannot be written). Locked: the
 * options page lists them as "Set by your organisation" with nothing to edit; the popup, the menu
 * and the bulk page obey the rule (its campaign and its preset's UTM values) over the user's own
 * rule for the same site; the QR style is the organisation's and cannot be changed; a wrong rule is
 * ignored alone and said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  configureExtension,
  evalInWorker,
  launchExtension,
  openOptions,
  openPopupFor,
  OUTCOME_MS,
  readStorage,
  screenshot,
  until,
  type ExtensionHarness,
} from './harness';
import { chromiumPolicyFile } from './policyFile';

declare const chrome: typeof Browser;

const policyFile = chromiumPolicyFile('linkshort-test-conventions');
const writePolicy = policyFile.write;
const POLL = { timeout: OUTCOME_MS };
const UTM = 'utm_source=newsletter&utm_medium=email';

describe("the organisation's presets, rules and QR style from a policy file (Chromium)", () => {
  let h: ExtensionHarness;
  let sb: Sandbox;
  let written = false;
  let campaignId = 0;
  const page = (name: string) => `${sb.url}/page/${name}`;
  const linkTo = (url: string) => sb.state.forKey(sb.key).links.find((l) => l.url === url && !l.deleted);

  beforeAll(async () => {
    sb = await startSandbox({ mainLimit: 100_000 });
    const campaigns = sb.state.forKey(sb.key).campaigns;
    campaignId = campaigns[0]!.id;
    const site = `${new URL(sb.url).host}/page/`;
    written = writePolicy({
      serviceUrl: sb.url,
      utmPresets: { locked: true, presets: [{ id: 'news', name: 'Org newsletter', source: 'newsletter', medium: 'email' }] },
      siteRules: {
        locked: true,
        rules: [
          { id: 'pages', site, campaignId, presetId: 'news' },
          { id: 'bad', site: 'not a site' },
        ],
      },
      qrStyle: { locked: true, foreground: '#1f6feb', background: '#ffffff' },
    });
    if (!written) return;
    h = await launchExtension();
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    await until(async () => (await readStorage<{ policy: { org?: unknown } }>(h, 'policy'))?.policy.org, 'the policy applied');
    // The user's own rule for the same site (another campaign, no preset): the organisation's locked one wins.
    const fp = await evalInWorker(
      h,
      async () =>
        ((await chrome.storage.local.get('connectionState')).connectionState as { fingerprint: string | null } | undefined)?.fingerprint ??
        null,
      undefined,
    );
    const other = campaigns[1]!.id;
    if (fp)
      await evalInWorker(
        h,
        async (a) =>
          chrome.storage.local.set({
            linkRules: {
              [a.fp]: {
                presets: [],
                rules: [{ id: 'mine', site: a.site, domainId: null, campaignId: a.other, channelId: null, presetId: null }],
                campaignPresets: {},
              },
            },
          }),
        { fp, site, other },
      );
  }, 90_000);
  afterAll(async () => {
    policyFile.remove();
    await h?.close();
    await sb?.close();
  });

  it('the options page shows them as set by the organisation, with nothing to edit, and says the wrong rule was ignored', async (ctx) => {
    if (!written) ctx.skip();
    const options = await openOptions(h);
    const rules = options.getByRole('region', { name: 'Site rules', exact: true });
    const org = rules.getByRole('region', { name: 'Set by your organisation' });
    await org.getByText(`${new URL(sb.url).host}/page/`).waitFor(POLL);
    await org.getByText(/^Locked by your organisation/).waitFor();
    expect(await org.getByRole('button').count()).toBe(0);
    await options
      .getByRole('region', { name: 'UTM presets', exact: true })
      .getByRole('region', { name: 'Set by your organisation' })
      .getByText('Org newsletter')
      .waitFor();
    await options.getByText(/Ignored in your organisation's policy \(the rest of it applies\): .*siteRules\.rules\.1/).waitFor();
    await org.scrollIntoViewIfNeeded();
    await screenshot(options, 'options-org-rules');
    await options.close();
  }, 90_000);

  it("the popup says whose rule it is and sends its campaign and UTM values; the QR style is the organisation's, not changeable", async (ctx) => {
    if (!written) ctx.skip();
    const url = page('org-popup');
    const popup = await openPopupFor(h, url);
    await popup.getByText(`Your organisation's rule: ${new URL(sb.url).host}/page/`).waitFor(POLL);
    await expect.poll(() => popup.getByRole('textbox', { name: 'Long URL' }).inputValue(), POLL).toBe(`${url}?${UTM}`);
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await until(() => linkTo(`${url}?${UTM}`)?.campaign_id === campaignId, "the link in the rule's campaign");
    await popup.getByRole('button', { name: 'Style' }).click();
    const fg = popup.getByLabel('Foreground', { exact: true });
    await expect.poll(() => fg.inputValue(), POLL).toBe('#1f6feb');
    // Locked: the fields are disabled and say why.
    expect(await fg.isDisabled()).toBe(true);
    await popup.getByText('Set by your organisation; it cannot be changed here.').waitFor(POLL);
    await popup.close();
  }, 90_000);

  it('the menu and the bulk page obey the rule too', async (ctx) => {
    if (!written) ctx.skip();
    const url = page('org-menu');
    const tabPage = await h.context.newPage();
    await tabPage.goto(url);
    const tab = await until(
      () =>
        evalInWorker(h, async (u) => (await chrome.tabs.query({ url: u })).find((t) => t.status === 'complete') ?? (false as const), url),
      'the tab',
    );
    await evalInWorker(
      h,
      (a) => {
        const own = (globalThis as { __linkShortListeners?: { menuClick(...x: unknown[]): unknown } }).__linkShortListeners;
        void own!.menuClick({ menuItemId: 'shorten-page', editable: false, frameId: 0, pageUrl: a.url }, a.tab);
      },
      { url, tab },
    );
    await until(() => linkTo(`${url}?${UTM}`)?.campaign_id === campaignId, "the menu's link in the rule's campaign");
    await tabPage.close();

    const bulk = await h.context.newPage();
    await bulk.goto(h.url('bulk.html'));
    await bulk.getByRole('textbox', { name: 'Addresses' }).fill(page('org-bulk'));
    await bulk.getByText('1 to shorten').waitFor(POLL);
    await bulk.getByRole('button', { name: 'Shorten all' }).click();
    await until(() => linkTo(`${page('org-bulk')}?${UTM}`)?.campaign_id === campaignId, "the bulk link in the rule's campaign");
    await bulk.close();
  }, 90_000);
});
