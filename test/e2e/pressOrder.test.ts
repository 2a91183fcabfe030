/**
 * One round trip per press, in Chromium against the sandbox: the popup shows and
 * copies the short link as soon as POST /api/shorten answers, while the campaign and channel
 * assignments, sent side by side, are still unanswered (the sandbox holds them until the test
 * lets them go); the result then says what became of them. A failed assignment leaves the link
 * shown, copied and in Recent links.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import type { HistoryEntry } from '../../lib/storage';
import {
  configureExtension,
  launchExtension,
  openPopupFor,
  readClipboard,
  readStorage,
  until,
  type ExtensionHarness,
  OUTCOME_MS,
} from './harness';

const ui = (p: Page) => ({
  campaign: p.getByLabel('Campaign', { exact: true }),
  channel: p.getByLabel('Channel', { exact: true }),
  shorten: p.getByRole('button', { name: 'Shorten', exact: true }),
  shortLink: p.getByLabel('Short link', { exact: true }),
  status: p.getByRole('status'),
  recent: p.getByRole('region', { name: 'Recent links' }),
});

/** Opens the popup on a sandbox page with its campaigns and channels listed. */
async function popupWithLists(h: ExtensionHarness, sb: Sandbox, name: string): Promise<Page> {
  const popup = await openPopupFor(h, `${sb.url}/page/${name}`);
  const c = ui(popup);
  await until(
    async () => (await c.campaign.locator('option').count()) > 2 && (await c.channel.locator('option').count()) > 2,
    'campaigns and channels listed',
  );
  return popup;
}

describe('a press: the link first, its campaign and channel after it', () => {
  let sb: Sandbox;
  let h: ExtensionHarness;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, plan: 'pro', seed: 'demo' });
    h = await launchExtension();
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  it('shows and copies the link while both assignments are still unanswered, then says they were made', async () => {
    const data = sb.state.forKey(sb.key);
    const campaign = data.campaigns[3]!;
    const channel = data.channels[1]!;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    sb.faults.push({ path: /^\/api\/campaign\/\d+\/assign\//, until: held }, { path: /^\/api\/channel\/\d+\/assign\//, until: held });
    try {
      const popup = await popupWithLists(h, sb, 'held-assignments');
      const c = ui(popup);
      await c.campaign.selectOption(String(campaign.id));
      await c.channel.selectOption(String(channel.id));
      await c.shorten.click();
      await c.shortLink.waitFor({ timeout: OUTCOME_MS });
      const shortUrl = await c.shortLink.inputValue();
      const made = data.links.find((l) => l.url === `${sb.url}/page/held-assignments`)!;
      expect(shortUrl).toBe(made.short_url);
      await until(async () => (await c.status.textContent()) === 'Copied to clipboard', 'status "Copied to clipboard"');
      expect(await readClipboard(h, sb.url)).toBe(shortUrl);
      await popup.getByText(`Adding to campaign ${campaign.name}…`).waitFor();
      await popup.getByText(`Adding to channel ${channel.name}…`).waitFor();
      // Side by side: both assignments reached the service, and neither has been answered.
      const assigns = () => sb.log.filter((l) => /\/assign\//.test(l.path));
      await until(() => assigns().length === 2, 'both assignment requests at the service');
      expect(assigns().map((l) => l.status)).toEqual([0, 0]);
      expect(data.campaigns.find((x) => x.id === campaign.id)).toBeDefined();
      expect(await c.shortLink.inputValue()).toBe(shortUrl);

      release();
      await popup.getByText(`Added to campaign ${campaign.name}`, { exact: true }).waitFor();
      await popup.getByText(`Added to channel ${channel.name}`, { exact: true }).waitFor();
      expect(made.campaign_id).toBe(campaign.id);
      await until(async () => {
        const entry = ((await readStorage<HistoryEntry[]>(h, 'history')) ?? []).find((e) => e.shortUrl === shortUrl);
        return entry?.campaign.state === 'assigned' && entry.channel?.state === 'assigned' ? entry : null;
      }, 'Recent links with both assignments');
      await popup.close();
    } finally {
      release();
    }
  });

  it('a failed assignment leaves the link shown, copied and in Recent links, and says why', async () => {
    const data = sb.state.forKey(sb.key);
    const popup = await popupWithLists(h, sb, 'failed-assignment');
    const c = ui(popup);
    // A campaign the popup still lists but the service no longer has: its assignment is refused.
    const campaign = data.campaigns.at(-1)!;
    await c.campaign.selectOption(String(campaign.id));
    data.campaigns.splice(data.campaigns.indexOf(campaign), 1);
    await c.shorten.click();
    await c.shortLink.waitFor({ timeout: OUTCOME_MS });
    const shortUrl = await c.shortLink.inputValue();
    await popup.getByText(/^The link was created, but could not be added to the campaign/).waitFor();
    expect(await c.shortLink.inputValue()).toBe(shortUrl);
    await until(async () => (await c.status.textContent()) === 'Copied to clipboard', 'status "Copied to clipboard"');
    expect(await readClipboard(h, sb.url)).toBe(shortUrl);
    await until(async () => (await c.recent.getByText(shortUrl, { exact: true }).count()) > 0, 'the link in Recent links');
    const entry = ((await readStorage<HistoryEntry[]>(h, 'history')) ?? []).find((e) => e.shortUrl === shortUrl);
    expect(entry?.campaign).toMatchObject({ state: 'failed', campaignId: campaign.id });
    await popup.close();
  });
});
