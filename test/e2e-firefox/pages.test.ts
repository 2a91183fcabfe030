/**
 * The Firefox build in Firefox ESR, against the sandbox: connecting on the options page (bad
 * key, good key), the popup shortening with a chosen domain and campaign (checked in the
 * sandbox) and copying the link, Copy QR, and the PNG/SVG downloads. The same journeys as the
 * Chromium tests (test/e2e/options.test.ts, popup.test.ts), by the same accessible names.
 * One Firefox for the file; the tests run in order (each builds on the last).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../lib/storage';
import {
  control,
  controls,
  downloaded,
  fill,
  openOptions,
  openPage,
  openPopupFor,
  readClipboard,
  readStorage,
  screenshot,
  selectByLabel,
  sleep,
  until,
  valueOf,
  withExtension,
} from './harness';

describe('Firefox: options page and popup', () => {
  const ext = withExtension({ sandbox: { mainLimit: 100_000 }, configure: false }); // an empty profile: nothing configured

  describe('options page', () => {
    let page: Page;
    const connectionRegion = () => control(page, 'region', 'Connection');

    async function save(serviceUrl: string, apiKey: string) {
      await fill(await control(page, 'textbox', 'Service URL'), serviceUrl);
      await fill(await control(page, 'textbox', 'API key'), apiKey);
      await (await control(await connectionRegion(), 'button', 'Save')).click();
    }

    beforeAll(async () => {
      page = await openOptions(ext.h);
      await control(page, 'heading', 'LinkShort options');
    });
    afterAll(async () => {
      await page?.close();
    });

    it('says a rejected key is the API key, and saves nothing', async () => {
      const before = ext.sb.log.length;
      await save(ext.sb.url, 'not-the-right-key-000');
      const text = await until(async () => {
        const alerts = await controls(await connectionRegion(), 'alert');
        const texts = await Promise.all(alerts.map(valueOf));
        return texts.find((t) => /API key/.test(t));
      }, 'an alert about the API key');
      expect(text).toMatch(/API key/);
      const sent = ext.sb.log.slice(before);
      expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/account');
      expect(sent.every((r) => r.status === 401 || r.status === 403)).toBe(true);
      expect(await readStorage(ext.h, 'connection')).toBeUndefined();
      await screenshot(page, 'firefox-options-bad-key');
    });

    it('connects with the good key: "Connected" and the account email', async () => {
      await save(ext.sb.url, ext.sb.key);
      const status = await until(async () => {
        for (const s of await controls(await connectionRegion(), 'status')) {
          const t = await valueOf(s);
          if (/Connected/.test(t) && /demo@example\.com/.test(t)) return t;
        }
        return undefined;
      }, '"Connected" with the account email');
      expect(status).toContain(ext.sb.url);
      expect(await controls(await connectionRegion(), 'alert')).toHaveLength(0);
      expect(await readStorage(ext.h, 'connection')).toEqual({ serviceUrl: ext.sb.url, apiKey: ext.sb.key });
      // The key is never shown again.
      expect(await valueOf(await control(page, 'textbox', 'API key'))).toBe('');
      expect(await page.evaluate((k) => document.documentElement.outerHTML.includes(k), ext.sb.key)).toBe(false);
      for (const name of ['Account', 'Channels', 'Domains', 'Campaigns', 'QR codes']) await control(page, 'heading', name);
      await screenshot(page, 'firefox-options-connected');
    });
  });

  describe('popup', () => {
    let popup: Page;
    let shortUrl: string;
    let code: string;

    it('shortens the page with a branded domain and a campaign, and copies the link', async () => {
      const pageUrl = `${ext.sb.url}/page/firefox-article`;
      const data = ext.sb.state.forKey(ext.sb.key);
      const domain = data.domains.find((d) => d.domain === 'https://brand.example.io')!;
      const campaign = data.campaigns.find((c) => c.name.startsWith('Campaign 05'))!;
      expect(domain.id).not.toBeNull();

      popup = await openPopupFor(ext.h, pageUrl);
      expect(await valueOf(await control(popup, 'textbox', 'Long URL'))).toBe(pageUrl);
      const domainSelect = await control(popup, 'combobox', 'Domain');
      await until(() => domainSelect.evaluate((s) => (s as HTMLSelectElement).options.length >= 6), 'the domains in "Domain"');
      const campaignSelect = await control(popup, 'combobox', 'Campaign');
      await until(() => campaignSelect.evaluate((s) => (s as HTMLSelectElement).options.length >= 21), 'the campaigns in "Campaign"');
      await selectByLabel(domainSelect, domain.domain);
      await selectByLabel(campaignSelect, campaign.name);

      const linksBefore = data.links.length;
      await (await control(popup, 'button', 'Shorten')).click();
      const shortLink = await control(popup, 'textbox', 'Short link');
      shortUrl = await valueOf(shortLink);

      // On the service: one new link, for the page, on that domain, in that campaign.
      const made = data.links.slice(linksBefore);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ url: pageUrl, domain_id: domain.id, campaign_id: campaign.id, short_url: shortUrl });
      expect(shortUrl.startsWith('https://brand.example.io/')).toBe(true);
      code = made[0]!.short_code;

      await until(async () => (await popup.$(`::-p-text(Added to campaign ${campaign.name})`)) !== null, 'the campaign outcome');
      const qr = await control(popup, 'img', 'QR code');
      await until(
        () => qr.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        'the QR image drawn',
      );
      await until(async () => {
        for (const s of await controls(popup, 'status')) if ((await valueOf(s)) === 'Copied to clipboard') return true;
        return false;
      }, 'status "Copied to clipboard"');
      expect(await readClipboard(ext.h, ext.sb.url)).toBe(shortUrl);
      // The worker files the link after the popup shows it, and its campaign after that.
      const newest = await until(async () => {
        const first = ((await readStorage<HistoryEntry[]>(ext.h, 'history')) ?? [])[0];
        return first?.shortUrl === shortUrl && first.campaign?.state === 'assigned' ? first : null;
      }, 'the link first in Recent links, with its campaign');
      expect(newest).toMatchObject({ longUrl: pageUrl, shortUrl, domainId: domain.id });
      expect(newest.campaign).toEqual({ state: 'assigned', campaignId: campaign.id });
      await screenshot(popup, 'firefox-popup-result');
    });

    it('"Copy QR" replaces what the clipboard held (headless Firefox keeps only text: the image itself cannot be read back)', async () => {
      const reader: Page = await openPage(ext.h, `${ext.sb.url}/clipboard`, { background: true });
      await reader.evaluate(() => navigator.clipboard.writeText('before Copy QR'));
      expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe('before Copy QR');
      await (await control(popup, 'button', 'Copy QR')).click();
      await until(async () => {
        for (const s of await controls(popup, 'status')) if ((await valueOf(s)) === 'QR code copied to clipboard') return true;
        return false;
      }, 'status "QR code copied to clipboard"');
      const after = await reader.evaluate(async () => ({ text: await navigator.clipboard.readText() }));
      await reader.close();
      expect(after.text).not.toBe('before Copy QR');
      expect(await controls(popup, 'alert')).toHaveLength(0);
    });

    it('"Download PNG" and "Download SVG" save valid images of the QR code', async () => {
      await (await control(popup, 'button', 'Download PNG')).click();
      const png = await downloaded(ext.h, `qr-${code}.png`);
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
      expect(png.readUInt32BE(16)).toBe(png.readUInt32BE(20));
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(256);

      await (await control(popup, 'button', 'Download SVG')).click();
      const svg = (await downloaded(ext.h, `qr-${code}.svg`)).toString('utf8').trim();
      const parsed = await popup.evaluate((t) => {
        const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
        return {
          root: doc.documentElement.localName,
          error: doc.getElementsByTagName('parsererror').length,
          paths: doc.querySelectorAll('path, rect').length,
        };
      }, svg);
      expect(parsed).toMatchObject({ root: 'svg', error: 0 });
      expect(parsed.paths).toBeGreaterThan(0);
      await sleep(300); // an error of the download would be printed by now
      await popup.close();
    });
  });
});
