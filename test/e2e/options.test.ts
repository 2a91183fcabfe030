/**
 * Issue "Options page": the built options page in Chromium against the sandbox, from an empty
 * profile: connecting (bad URL, bad key, good key), every item of the demo account shown by
 * name, create / edit / delete round trips checked in the sandbox's state, and a QR code's
 * statistics as charts. Controls are found by the accessible names of docs/ARCHITECTURE.md.
 *
 * The tests of the describe block run in order on one options page (each builds on the last).
 * The sandbox's main rate budget is raised: the page loads every page of seven lists and each
 * change reloads its list, which would otherwise wait for the default 30 requests / minute
 * (budgets have their own tests).
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOptions, readStorage, screenshot, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const POLL = { timeout: OUTCOME_MS };

describe('options page', () => {
  // An empty profile: nothing configured.
  const ext = withExtension({ sandbox: { mainLimit: 100_000, emptyQrStats: 'array' }, configure: false });
  let page: Page;

  const data = () => ext.sb.state.forKey(ext.sb.key);
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const connection = () => region('Connection');

  /** The names shown in a section's list (the `.name` of each item), in page order. */
  const shownNames = (section: string, list = section): Promise<string[]> =>
    region(section)
      .getByRole('list', { name: list, exact: true })
      .evaluate((ul) => [...ul.children].map((li) => li.querySelector('.name')?.textContent?.trim() ?? ''))
      .catch(() => []);

  async function save(serviceUrl: string, apiKey: string) {
    await page.getByLabel('Service URL', { exact: true }).fill(serviceUrl);
    await page.getByLabel('API key', { exact: true }).fill(apiKey);
    await connection().getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Clicks a button by its exact accessible name inside `scope`. */
  const press = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true }).click();

  /** Deletes an item through its Delete button and the in-page confirmation. */
  async function remove(section: string, label: string) {
    await press(region(section), `Delete ${label}`);
    await press(region(section), `Yes, delete ${label}`);
  }

  beforeAll(async () => {
    page = await openOptions(ext.h);
    await page.getByRole('heading', { name: 'LinkShort options' }).waitFor(POLL);
  });

  it('starts empty: only the connection form and the preferences', async () => {
    await expect.poll(() => connection().getByRole('status').textContent(), POLL).toMatch(/Not set up yet/);
    expect(await readStorage(ext.h, 'connection')).toBeUndefined();
    expect(await page.getByLabel('Service URL', { exact: true }).inputValue()).toBe('');
    expect(await region('Channels').count()).toBe(0);
    expect(await region('Preferences').count()).toBe(1);
  });

  it('refuses a plain http:// URL to another host before sending anything', async () => {
    const before = ext.sb.log.length;
    await save('http://example.com', ext.sb.key);
    const alert = connection().getByRole('alert');
    await expect.poll(() => alert.textContent(), POLL).toMatch(/https:\/\//);
    expect(await alert.textContent()).toMatch(/clear text/);
    await sleep(500);
    expect(ext.sb.log.length).toBe(before);
    expect(await readStorage(ext.h, 'connection')).toBeUndefined();
    // Focus goes back to the field to correct.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('service-url');
  });

  it('says a rejected key is the API key, and saves nothing', async () => {
    const before = ext.sb.log.length;
    await save(ext.sb.url, 'not-the-right-key-000');
    const alert = connection().getByRole('alert');
    await expect.poll(() => alert.textContent(), POLL).toMatch(/API key/);
    expect(await alert.textContent()).not.toMatch(/https:\/\//); // the URL alert is gone
    const sent = ext.sb.log.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/account');
    expect(sent.every((r) => r.status === 401 || r.status === 403)).toBe(true);
    expect(await readStorage(ext.h, 'connection')).toBeUndefined();
    expect(await connection().getByRole('status').textContent()).not.toMatch(/Connected/);
    await screenshot(page, 'options-bad-key');
  });

  it('connects with the good key: "Connected" and the account email', async () => {
    await save(`${ext.sb.url}/`, ext.sb.key);
    const status = connection().getByRole('status');
    await expect.poll(() => status.textContent(), POLL).toMatch(/Connected/);
    await expect.poll(() => status.textContent(), POLL).toMatch(/demo@example\.com/);
    expect(await status.textContent()).toContain(ext.sb.url);
    expect(await connection().getByRole('alert').count()).toBe(0);
    expect(await readStorage(ext.h, 'connection')).toEqual({ serviceUrl: ext.sb.url, apiKey: ext.sb.key });
    // The key is never shown again: the field is emptied, the page shows only its end, masked.
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await connection().textContent()).toContain(`••••${ext.sb.key.slice(-4)}`);
    expect(await page.evaluate((k) => document.documentElement.outerHTML.includes(k), ext.sb.key)).toBe(false);
    for (const name of ['Account', 'Channels', 'Pixels', 'Domains', 'Campaigns', 'QR codes', 'CTA overlays', 'Splash pages'])
      expect(await page.getByRole('heading', { level: 2, name, exact: true }).count(), name).toBe(1);
    await expect.poll(() => region('Account').textContent(), POLL).toMatch(/demo@example\.com/);
    await screenshot(page, 'options-connected');
  });

  it('shows every channel and every pixel of the account by name (all pages)', async () => {
    const channels = data().channels.map((c) => c.name);
    const pixels = data().pixels.map((p) => p.name);
    expect(channels.length).toBeGreaterThan(15); // more than one page of the list endpoint
    expect(pixels.length).toBeGreaterThan(15);
    await expect.poll(async () => (await shownNames('Channels')).sort(), POLL).toEqual([...channels].sort());
    await expect.poll(async () => (await shownNames('Pixels')).sort(), POLL).toEqual([...pixels].sort());
    expect(await region('Channels').textContent()).toContain(`${channels.length} channels`);
    // A pixel type the extension does not know is shown as it is.
    const odd = data().pixels.find((p) => p.type === 'newnetwork')!;
    const oddItem = region('Pixels').getByRole('listitem').filter({ hasText: odd.name });
    expect(await oddItem.textContent()).toContain('newnetwork');

    await page.getByRole('heading', { level: 2, name: 'Channels', exact: true }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'options-channels');
  });

  it('shows every domain, campaign, QR code, CTA overlay and splash page by name', async () => {
    const d = data();
    const expected: [string, string[]][] = [
      ['Domains', d.domains.map((x) => x.domain)],
      ['Campaigns', d.campaigns.map((x) => x.name)],
      ['QR codes', d.qrs.map((x) => x.name)],
      ['CTA overlays', d.overlays.map((x) => x.name)],
      ['Splash pages', d.splash.map((x) => x.name)],
    ];
    for (const [section, names] of expected) {
      expect(names.length, section).toBeGreaterThan(0);
      await expect.poll(async () => (await shownNames(section)).sort(), { ...POLL, message: section }).toEqual([...names].sort());
    }
  });

  it('Channels: create, edit, delete', async () => {
    const channels = region('Channels');
    const form = channels.getByRole('form', { name: 'New channel', exact: true });
    await form.getByLabel('Name', { exact: true }).fill('E2E channel');
    await form.getByLabel('Description', { exact: true }).fill('Made by the browser test');
    await form.getByLabel('Colour', { exact: true }).fill('#12AB34');
    await form.getByLabel('Starred', { exact: true }).check();
    await press(form, 'Create channel');
    await expect.poll(() => data().channels.find((c) => c.name === 'E2E channel'), POLL).toBeTruthy();
    const made = data().channels.find((c) => c.name === 'E2E channel')!;
    expect(made).toMatchObject({ description: 'Made by the browser test', color: '#12AB34', starred: true });
    await expect.poll(() => form.textContent(), POLL).toContain('Channel “E2E channel” created.');
    await expect.poll(() => shownNames('Channels'), POLL).toContain('E2E channel');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(''); // ready for the next one

    await press(channels, 'Edit channel E2E channel');
    const edit = channels.getByRole('form', { name: 'Edit channel E2E channel', exact: true });
    expect(await edit.getByLabel('Description', { exact: true }).inputValue()).toBe('Made by the browser test');
    await edit.getByLabel('Name', { exact: true }).fill('E2E channel renamed');
    await press(edit, 'Update channel');
    await expect.poll(() => data().channels.find((c) => c.id === made.id)?.name, POLL).toBe('E2E channel renamed');
    await expect.poll(() => shownNames('Channels'), POLL).toContain('E2E channel renamed');
    expect(await shownNames('Channels')).not.toContain('E2E channel');

    await remove('Channels', 'channel E2E channel renamed');
    await expect.poll(() => data().channels.some((c) => c.id === made.id), POLL).toBe(false);
    await expect.poll(() => shownNames('Channels'), POLL).not.toContain('E2E channel renamed');
    await expect.poll(() => channels.textContent(), POLL).toContain('Channel deleted.');
  });

  it('Pixels: create, edit, delete', async () => {
    const pixels = region('Pixels');
    const form = pixels.getByRole('form', { name: 'New pixel', exact: true });
    await form.getByLabel('Type', { exact: true }).selectOption('fbpixel');
    await form.getByLabel('Name', { exact: true }).fill('E2E pixel');
    await form.getByLabel('Tag', { exact: true }).fill('E2E-TAG-1');
    await press(form, 'Create pixel');
    await expect.poll(() => data().pixels.find((p) => p.name === 'E2E pixel'), POLL).toBeTruthy();
    const made = data().pixels.find((p) => p.name === 'E2E pixel')!;
    expect(made).toMatchObject({ type: 'fbpixel', tag: 'E2E-TAG-1' });
    await expect.poll(() => shownNames('Pixels'), POLL).toContain('E2E pixel');

    await press(pixels, 'Edit pixel E2E pixel');
    const edit = pixels.getByRole('form', { name: 'Edit pixel E2E pixel', exact: true });
    await edit.getByLabel('Name', { exact: true }).fill('E2E pixel renamed');
    await edit.getByLabel('Tag', { exact: true }).fill('E2E-TAG-2');
    await press(edit, 'Update pixel');
    await expect
      .poll(() => data().pixels.find((p) => p.id === made.id), POLL)
      .toMatchObject({ name: 'E2E pixel renamed', tag: 'E2E-TAG-2' });
    await expect.poll(() => shownNames('Pixels'), POLL).toContain('E2E pixel renamed');

    await remove('Pixels', 'pixel E2E pixel renamed');
    await expect.poll(() => data().pixels.some((p) => p.id === made.id), POLL).toBe(false);
    await expect.poll(() => shownNames('Pixels'), POLL).not.toContain('E2E pixel renamed');
  });

  it('Domains: add, edit the redirects, delete', async () => {
    const domains = region('Domains');
    const form = domains.getByRole('form', { name: 'New domain', exact: true });
    await form.getByLabel('Domain', { exact: true }).fill('https://e2e.example.com');
    await form.getByLabel('Root redirect', { exact: true }).fill('https://example.com/e2e-root');
    await form.getByLabel('404 redirect', { exact: true }).fill('https://example.com/e2e-404');
    await press(form, 'Add domain');
    await expect.poll(() => data().domains.find((d) => d.domain === 'https://e2e.example.com'), POLL).toBeTruthy();
    const made = data().domains.find((d) => d.domain === 'https://e2e.example.com')!;
    expect(made).toMatchObject({ redirectroot: 'https://example.com/e2e-root', redirect404: 'https://example.com/e2e-404' });
    await expect.poll(() => shownNames('Domains'), POLL).toContain('https://e2e.example.com');

    await press(domains, 'Edit domain https://e2e.example.com');
    const edit = domains.getByRole('form', { name: 'Edit domain https://e2e.example.com', exact: true });
    await edit.getByLabel('Root redirect', { exact: true }).fill('https://example.com/e2e-root-2');
    await press(edit, 'Update domain');
    await expect.poll(() => data().domains.find((d) => d.id === made.id)?.redirectroot, POLL).toBe('https://example.com/e2e-root-2');
    expect(data().domains.find((d) => d.id === made.id)?.redirect404).toBe('https://example.com/e2e-404');
    const item = domains.getByRole('listitem').filter({ hasText: 'https://e2e.example.com' });
    await expect.poll(() => item.textContent(), POLL).toContain('https://example.com/e2e-root-2');

    await remove('Domains', 'domain https://e2e.example.com');
    await expect.poll(() => data().domains.some((d) => d.id === made.id), POLL).toBe(false);
    await expect.poll(() => shownNames('Domains'), POLL).not.toContain('https://e2e.example.com');
  });

  it('Campaigns: create, edit, delete', async () => {
    const campaigns = region('Campaigns');
    const form = campaigns.getByRole('form', { name: 'New campaign', exact: true });
    await form.getByLabel('Name', { exact: true }).fill('E2E campaign');
    await form.getByLabel('Rotator slug', { exact: true }).fill('e2e-rotator');
    await form.getByLabel('Public', { exact: true }).check();
    await press(form, 'Create campaign');
    await expect.poll(() => data().campaigns.find((c) => c.name === 'E2E campaign'), POLL).toBeTruthy();
    const made = data().campaigns.find((c) => c.name === 'E2E campaign')!;
    expect(made).toMatchObject({ slug: 'e2e-rotator', public: true });
    await expect.poll(() => shownNames('Campaigns'), POLL).toContain('E2E campaign');

    await press(campaigns, 'Edit campaign E2E campaign');
    const edit = campaigns.getByRole('form', { name: 'Edit campaign E2E campaign', exact: true });
    await edit.getByLabel('Name', { exact: true }).fill('E2E campaign renamed');
    await press(edit, 'Update campaign');
    await expect.poll(() => data().campaigns.find((c) => c.id === made.id)?.name, POLL).toBe('E2E campaign renamed');
    expect(data().campaigns.find((c) => c.id === made.id)).toMatchObject({ slug: 'e2e-rotator', public: true }); // kept
    await expect.poll(() => shownNames('Campaigns'), POLL).toContain('E2E campaign renamed');

    await remove('Campaigns', 'campaign E2E campaign renamed');
    await expect.poll(() => data().campaigns.some((c) => c.id === made.id), POLL).toBe(false);
    await expect.poll(() => shownNames('Campaigns'), POLL).not.toContain('E2E campaign renamed');
  });

  it('QR codes: create, edit, delete', async () => {
    const qrs = region('QR codes');
    const form = qrs.getByRole('form', { name: 'New QR code', exact: true });
    await form.getByLabel('Type', { exact: true }).selectOption('link');
    await form.getByLabel('URL', { exact: true }).fill('https://example.org/e2e-qr');
    await form.getByLabel('Foreground colour', { exact: true }).fill('rgb(10,20,30)');
    await press(form, 'Create QR code');
    await expect.poll(() => data().qrs.find((q) => q.data === 'https://example.org/e2e-qr'), POLL).toBeTruthy();
    const made = data().qrs.find((q) => q.data === 'https://example.org/e2e-qr')!;
    expect(made).toMatchObject({ type: 'link', foreground: 'rgb(10,20,30)' });
    await expect.poll(() => shownNames('QR codes'), POLL).toContain(made.name);

    await press(qrs, `Edit QR code ${made.name}`);
    const edit = qrs.getByRole('form', { name: `Edit QR code ${made.name}`, exact: true });
    await edit.getByLabel('Type', { exact: true }).selectOption('text');
    await edit.getByLabel('Text', { exact: true }).fill('E2E QR text');
    await press(edit, 'Update QR code');
    await expect.poll(() => data().qrs.find((q) => q.id === made.id), POLL).toMatchObject({ type: 'text', data: 'E2E QR text' });
    await expect.poll(() => qrs.getByRole('form', { name: `Edit QR code ${made.name}` }).count(), POLL).toBe(0); // back to the view

    await remove('QR codes', `QR code ${made.name}`);
    await expect.poll(() => data().qrs.some((q) => q.id === made.id), POLL).toBe(false);
    await expect.poll(() => shownNames('QR codes'), POLL).not.toContain(made.name);
  });

  it("reads a QR code's statistics as charts", async () => {
    const qr = data().qrs.find((q) => q.name.startsWith('QR 01'))!;
    const stats = qr.stats!;
    await press(region('QR codes'), `Statistics of QR code ${qr.name}`);
    const panel = page.getByRole('region', { name: `Statistics of QR code ${qr.name}`, exact: true });
    const countries = panel.getByRole('img', { name: /^Top countries:/ });
    await countries.waitFor(POLL);
    const label = (await countries.getAttribute('aria-label')) ?? '';
    for (const [country, n] of Object.entries(stats.topCountries)) expect(label).toContain(`${country} ${Number(n)}`);
    for (const chart of ['Top referrers', 'Top browsers', 'Top operating systems', 'Social'])
      expect(await panel.getByRole('img', { name: new RegExp(`^${chart}:`) }).count(), chart).toBe(1);
    const browsers = (await panel.getByRole('img', { name: /^Top browsers:/ }).getAttribute('aria-label')) ?? '';
    for (const [b, n] of Object.entries(stats.topBrowsers)) expect(browsers).toContain(`${b} ${Number(n)}`);
    expect(await panel.textContent()).toContain(`Scans${stats.clicks}`);

    // A code without statistics (this sandbox serves them as `data: []`) says so instead of drawing empty charts.
    const empty = data().qrs.find((q) => q.stats === null && q.name.startsWith('QR 03'))!;
    await press(region('QR codes'), `Statistics of QR code ${empty.name}`);
    const emptyPanel = page.getByRole('region', { name: `Statistics of QR code ${empty.name}`, exact: true });
    await expect.poll(() => emptyPanel.textContent(), POLL).toContain('Statistics are not available for this QR code.');
    expect(await emptyPanel.getByRole('img').count()).toBe(0);

    await panel.evaluate((el) => el.closest('li')?.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'options-qr-stats');
  });

  it('logged no errors on the page', () => {
    expect(ext.errors.of('options.html')).toEqual([]);
  });
});
