/**
 * UTM presets and site rules in Chromium against the sandbox: a preset chosen in the popup is
 * sent after the address's own query and before its fragment; a rule for the page's host chooses
 * the popup's Campaign and Channel (with a status line naming it) and the shortcut's; a rule
 * naming a campaign that was deleted falls back to the default and says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { type Sandbox } from '../sandbox/server';
import type { AccountLinkRules } from '../../lib/links/linkRules';
import { evalInWorker, openOptions, openPopupFor, readStorage, screenshot, until, type ExtensionHarness } from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

const news = { id: 'p-news', name: 'Newsletter', source: 'news', medium: 'email', campaign: '', term: '', content: '' };
const links = (sb: Sandbox) => sb.state.forKey(sb.key).links.filter((l) => !l.deleted);

/** Stores the account's presets and rules as the options page does (keyed by the connection's fingerprint). */
async function storeRules(h: ExtensionHarness, data: Partial<AccountLinkRules>): Promise<void> {
  // The worker publishes the key-free connection state when a page asks for the connection (the
  // test wrote the connection straight into storage): open the options page, as a user would.
  const published = async () => {
    const s = await readStorage<{ fingerprint: string | null }>(h, 'connectionState');
    return s?.fingerprint ? s : undefined;
  };
  const options = (await published()) ? null : await openOptions(h);
  const state = await until(published, 'the connection state');
  await options?.close();
  await evalInWorker(
    h,
    async ({ fp, d }) => {
      await chrome.storage.local.set({ linkRules: { [fp]: { presets: [], rules: [], campaignPresets: {}, ...d } } });
    },
    { fp: state.fingerprint!, d: data },
  );
}

describe('UTM presets and site rules', () => {
  const ext = withExtension();
  beforeAll(async () => {
    // The worker publishes the connection's key-free state when it first reads it.
    await evalInWorker(ext.h, async () => void (await chrome.storage.local.get('connection')), undefined);
    const page = await openPopupFor(ext.h, `${ext.sb.url}/page/warm-up`);
    await page.close();
  });

  it('a preset chosen in the popup is sent after the query and before the fragment', async () => {
    await storeRules(ext.h, { presets: [news] });
    const url = `${ext.sb.url}/page/article?id=5#top`;
    const popup = await openPopupFor(ext.h, url);
    await popup.getByRole('button', { name: 'UTM', exact: true }).click();
    const preset = popup.getByLabel('UTM preset', { exact: true });
    await until(async () => (await preset.locator('option').count()) === 2, 'the preset in the select');
    await preset.selectOption({ label: 'Newsletter' });
    const expected = `${ext.sb.url}/page/article?id=5&utm_source=news&utm_medium=email#top`;
    await until(async () => (await popup.getByLabel('Long URL', { exact: true }).inputValue()) === expected, 'Long URL with the preset');
    expect(await popup.getByLabel('UTM source', { exact: true }).inputValue()).toBe('news');
    expect(await popup.getByLabel('UTM medium', { exact: true }).inputValue()).toBe('email');
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await popup.getByLabel('Short link', { exact: true }).waitFor();
    expect(links(ext.sb).filter((l) => l.url === expected)).toHaveLength(1);
    await popup.close();
  });

  it('"Keep them" on a page with its own utm_source: the fields, Long URL and the link made all say the preset\'s', async () => {
    const host = new URL(ext.sb.url).hostname;
    await storeRules(ext.h, {
      presets: [{ ...news, source: 'newsletter' }],
      rules: [{ id: 'r-keep', site: `${host}/page/article`, domainId: null, campaignId: null, channelId: null, presetId: 'p-news' }],
    });
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/article?utm_source=old&x=1&fbclid=abc#frag`);
    const longUrl = popup.getByLabel('Long URL', { exact: true });
    await until(
      async () => (await longUrl.inputValue()) === `${ext.sb.url}/page/article?x=1&utm_source=newsletter&utm_medium=email#frag`,
      'the cleaned address with the preset',
    );
    await popup.getByRole('button', { name: 'UTM', exact: true }).click();
    await popup.getByRole('button', { name: 'Keep them', exact: true }).click();
    const sent = `${ext.sb.url}/page/article?x=1&fbclid=abc&utm_source=newsletter&utm_medium=email#frag`;
    await until(async () => (await longUrl.inputValue()) === sent, 'Long URL with the kept parameters and the preset');
    expect(await popup.getByLabel('UTM source', { exact: true }).inputValue()).toBe('newsletter');
    await popup.getByRole('status').filter({ hasText: "The UTM fields replace the address's own utm_source." }).waitFor();
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await popup.getByLabel('Short link', { exact: true }).waitFor();
    expect(
      links(ext.sb)
        .filter((l) => l.url.includes('/page/article?') && l.url.includes('fbclid'))
        .map((l) => l.url),
    ).toEqual([sent]);
    await popup.close();
  });

  it("a rule for the page's host chooses the popup's campaign and channel, and the shortcut's", async () => {
    const data = ext.sb.state.forKey(ext.sb.key);
    const [campaign, channel] = [data.campaigns[2]!, data.channels[1]!];
    const host = new URL(ext.sb.url).hostname;
    await storeRules(ext.h, {
      presets: [news],
      rules: [
        { id: 'r-host', site: host, domainId: null, campaignId: null, channelId: null, presetId: null },
        { id: 'r-page', site: `${host}/page/`, domainId: null, campaignId: campaign.id, channelId: channel.id, presetId: 'p-news' },
      ],
    });
    const url = `${ext.sb.url}/page/ruled?utm_source=x&id=7`;
    const popup = await openPopupFor(ext.h, url);
    const status = popup.getByRole('status').filter({ hasText: 'Rule:' });
    await until(async () => (await status.textContent()) === `Rule: ${host}/page/`, 'the rule line');
    await until(async () => (await popup.getByLabel('Campaign', { exact: true }).inputValue()) === String(campaign.id), 'the campaign');
    expect(await popup.getByLabel('Channel', { exact: true }).inputValue()).toBe(String(channel.id));
    const sent = `${ext.sb.url}/page/ruled?id=7&utm_source=news&utm_medium=email`;
    await until(async () => (await popup.getByLabel('Long URL', { exact: true }).inputValue()) === sent, 'Long URL with the rule preset');
    await popup.getByRole('button', { name: 'UTM', exact: true }).click();
    await popup.getByLabel('UTM content', { exact: true }).waitFor();
    await screenshot(popup, 'popup-utm-rule');
    // The user can still change anything for this link.
    await popup.getByLabel('UTM content', { exact: true }).fill('hero');
    expect(await popup.getByLabel('Long URL', { exact: true }).inputValue()).toBe(`${sent}&utm_content=hero`);
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await popup.getByLabel('Short link', { exact: true }).waitFor();
    const made = links(ext.sb).find((l) => l.url === `${sent}&utm_content=hero`)!;
    expect(made).toBeDefined();
    await until(() => data.channelItems.some((i) => i.channel_id === channel.id && i.item_id === made.id), 'the link in the channel');
    expect(made.campaign_id).toBe(campaign.id);
    await popup.close();

    // The shortcut: the worker resolves the same rule.
    const page = await ext.h.context.newPage();
    await page.goto(`${ext.sb.url}/page/by-shortcut?id=8`);
    await page.bringToFront();
    const tab = await until(
      () => evalInWorker(ext.h, async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0], undefined),
      'the active tab',
    );
    // As the browser would on the shortcut (test/e2e/menu.test.ts explains the two ways).
    await evalInWorker(
      ext.h,
      (t) => {
        const event = chrome.commands.onCommand as unknown as { dispatch?: (...a: unknown[]) => void };
        if (event.dispatch) return event.dispatch('shorten-current-tab', t);
        void (globalThis as unknown as { __linkShortListeners: { command(...a: unknown[]): unknown } }).__linkShortListeners.command(
          'shorten-current-tab',
          t,
        );
      },
      tab,
    );
    const byShortcut = await until(
      () => links(ext.sb).find((l) => l.url === `${ext.sb.url}/page/by-shortcut?id=8&utm_source=news&utm_medium=email`),
      'the shortcut link',
    );
    await until(() => byShortcut.campaign_id === campaign.id, 'its campaign');
    await until(() => data.channelItems.some((i) => i.channel_id === channel.id && i.item_id === byShortcut.id), 'its channel');
    await page.close();
  });

  it('a rule naming a deleted campaign falls back to the default and says so; the link is made', async () => {
    const data = ext.sb.state.forKey(ext.sb.key);
    const gone = data.campaigns[4]!;
    // Deleted on the options page, as a user would (the worker's list of campaigns follows).
    const options = await openOptions(ext.h);
    const campaigns = options.getByRole('region', { name: 'Campaigns', exact: true });
    await campaigns.getByRole('button', { name: `Delete campaign ${gone.name}`, exact: true }).click();
    await campaigns.getByRole('button', { name: `Yes, delete campaign ${gone.name}`, exact: true }).click();
    await until(() => !data.campaigns.some((c) => c.id === gone.id), 'the campaign deleted');
    await options.close();
    const host = new URL(ext.sb.url).hostname;
    await storeRules(ext.h, {
      rules: [{ id: 'r-gone', site: `${host}/page/gone`, domainId: null, campaignId: gone.id, channelId: null, presetId: null }],
    });
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/gone`);
    const status = popup.getByRole('status').filter({ hasText: 'Rule:' });
    await until(
      async () =>
        (await status.textContent()) === `Rule: ${host}/page/gone It names what no longer exists (campaign): the default is used.`,
      'the fallback said',
    );
    expect(await popup.getByLabel('Campaign', { exact: true }).inputValue()).toBe('');
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await popup.getByLabel('Short link', { exact: true }).waitFor();
    expect(links(ext.sb).find((l) => l.url === `${ext.sb.url}/page/gone`)?.campaign_id ?? null).toBeNull();
    await popup.close();
    expect(ext.errors.of('chrome-extension://')).toEqual([]);
  });
});
