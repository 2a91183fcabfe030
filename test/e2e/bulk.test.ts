/**
 * The bulk page ("Shorten many links") in Chromium against the sandbox with a tight shortening
 * budget (5 per 3 s): a pasted list gives each valid address once, with the chosen domain,
 * campaign and channel; the run survives the page closing and the worker being stopped; the
 * results go to the clipboard as CSV. The popup's button opens the page for the popup's window,
 * and "Use this window's tabs" lists that window's web tabs.
 *
 * The shipped manifest holds `tabs` only as an optional permission, asked for on the click; an
 * automated browser cannot accept the prompt, so the tabs test loads a copy of the build whose
 * manifest holds `tabs` already (the page's code is the same).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkBatch, HistoryEntry, Job } from '../../lib/storage';
import {
  openPopupFor,
  readBuiltManifest,
  readClipboard,
  readStorage,
  screenshot,
  stopWorker,
  until,
  wakeWorker,
  windowIdOf,
  OUTCOME_MS,
} from './harness';
import { withExtension } from './fixture';
import { buildHoldingTabs } from './tabsBuild';

describe("bulk page: the window's tabs", () => {
  let build: ReturnType<typeof buildHoldingTabs>;
  beforeAll(() => {
    build = buildHoldingTabs();
  });
  afterAll(() => build?.remove()); // after the extension's own hook has closed Chromium
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro' }, launch: () => ({ extensionDir: build.dir }) });

  it('the shipped manifest keeps `tabs` optional', () => {
    const manifest = readBuiltManifest() as { permissions?: string[]; optional_permissions?: string[] };
    expect(manifest.optional_permissions).toEqual(['tabs']);
    expect(manifest.permissions).not.toContain('tabs');
  });

  it('"Shorten many…" opens the page for the popup\'s window, and "Use this window\'s tabs" lists its web tabs', async () => {
    const first = await ext.h.context.newPage();
    await first.goto(`${ext.sb.url}/page/tab-one`);
    const second = await ext.h.context.newPage();
    await second.goto(`${ext.sb.url}/page/tab-two?utm_source=news`);
    const windowId = await windowIdOf(ext.h, second);
    const popup = await openPopupFor(ext.h, second);
    const opened = ext.h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/bulk.html') });
    await popup.getByRole('button', { name: 'Shorten many…' }).click();
    const bulk: Page = await opened;
    expect(new URL(bulk.url()).searchParams.get('window')).toBe(String(windowId));
    await bulk.getByRole('heading', { name: 'Shorten many links' }).waitFor();

    await bulk.getByRole('button', { name: "Use this window's tabs" }).click();
    const field = bulk.getByRole('textbox', { name: 'Addresses' });
    await bulk
      .getByRole('status')
      .filter({ hasText: /Addresses added from this window/ })
      .waitFor();
    const lines = (await field.inputValue()).trim().split('\n');
    // The window's web tabs, each once; the extension's own pages are not web pages.
    const expected = [`${ext.sb.url}/page/tab-one`, `${ext.sb.url}/page/tab-two?utm_source=news`];
    expect(lines.filter((l) => expected.includes(l)).sort()).toEqual([...expected].sort());
    expect(lines.every((l) => /^https?:/.test(l))).toBe(true);
    // The tracking parameter will be removed (the preference is on by default): 2 to shorten.
    await bulk.getByText(/^2 to shorten/).waitFor();
    await screenshot(bulk, 'bulk-tabs', { fullPage: true });
    expect(ext.errors.of('bulk.html')).toEqual([]);
    await Promise.all([bulk.close(), popup.close(), first.close(), second.close()]);
  });
});

describe('bulk page: a batch through the queue', () => {
  // 5 shortens per 3 s, the window opening at the first request.
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', shortenLimit: 5, shortenWindowMs: 3000, rateWindow: 'first-request' } });

  const openBulk = async (): Promise<Page> => {
    const page = await ext.h.context.newPage();
    await page.goto(ext.h.url('bulk.html'));
    await page.getByRole('heading', { name: 'Shorten many links' }).waitFor();
    return page;
  };
  const count = (jobs: Job[] | undefined, state: Job['state']) =>
    (jobs ?? []).filter((j) => j.state === state && j.source === 'bulk').length;

  it('12 pasted lines make the 10 valid addresses once each, with domain, campaign and channel, through a worker stop', async () => {
    const u = (n: number) => `${ext.sb.url}/page/bulk-${n}`;
    const lines = [
      u(1),
      u(2),
      u(3),
      u(4),
      u(5),
      u(6),
      `Read ${u(7)} and the follow-up (${u(8)}).`,
      u(3), // the same address again
      'ftp://files.example.com/report.pdf',
      'Thanks for reading',
      u(9),
      `${u(10)}?utm_source=newsletter`, // cleaned: the tracking parameter is removed
    ];
    expect(lines).toHaveLength(12);
    const expected = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(u);
    const data = ext.sb.state.forKey(ext.sb.key);
    const domain = data.domains.find((d) => d.domain === 'https://links.example.net')!;
    const campaign = data.campaigns[2]!;
    const channel = data.channels[1]!;

    const page = await openBulk();
    await page.getByRole('textbox', { name: 'Addresses' }).fill(lines.join('\n'));
    await page.getByText('10 to shorten · 1 listed more than once (made once) · 2 skipped').waitFor();
    await page.getByRole('combobox', { name: 'Domain' }).selectOption(String(domain.id));
    await page.getByRole('combobox', { name: 'Campaign' }).selectOption(String(campaign.id));
    await page.getByRole('combobox', { name: 'Channel' }).selectOption(String(channel.id));
    await page.getByRole('button', { name: 'Shorten all' }).click();

    // The budget lets 5 go; the other 5 wait in the persisted queue, each saying when it is expected.
    const progress = page.getByRole('progressbar');
    await until(async () => (await progress.getAttribute('aria-valuenow')) === '5', '5 of 10 made', OUTCOME_MS);
    await page.getByText('5 of 10 made', { exact: true }).waitFor();
    await page
      .getByText(/Waiting for the rate limit, expected at/)
      .first()
      .waitFor();
    await screenshot(page, 'bulk-mid-run', { fullPage: true });

    // The page closes and the worker stops while 5 wait: nothing is lost, nothing made twice.
    await until(
      async () => {
        const jobs = await readStorage<Job[]>(ext.h, 'queue');
        return count(jobs, 'done') === 5 && count(jobs, 'pending') === 5 && count(jobs, 'sending') === 0 ? jobs : null;
      },
      '5 jobs done and 5 pending',
      OUTCOME_MS,
    );
    await page.close();
    await stopWorker(ext.h);
    await wakeWorker(ext.h);

    // Reopened, the page shows where the batch stands, then its end.
    const again = await openBulk();
    await again.locator('.bulk-count').waitFor();
    await again.getByText('10 of 10 made', { exact: true }).waitFor({ timeout: OUTCOME_MS });
    expect(await again.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
    const states = await again.locator('tr.bulk-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.state));
    expect(states).toEqual(Array(10).fill('made'));

    // On the service: each address exactly once, on the chosen domain, in the campaign and the channel.
    await new Promise((r) => setTimeout(r, 300)); // a late duplicate would arrive now
    const links = data.links.filter((l) => l.url.includes('/page/bulk-'));
    expect(links.map((l) => l.url).sort()).toEqual([...expected].sort());
    for (const link of links) {
      expect(link.domain_id, link.url).toBe(domain.id);
      expect(link.short_url.startsWith('https://links.example.net/'), link.short_url).toBe(true);
      expect(link.campaign_id, link.url).toBe(campaign.id);
      expect(
        data.channelItems.filter((c) => c.type === 'links' && c.item_id === link.id).map((c) => c.channel_id),
        link.url,
      ).toEqual([channel.id]);
    }
    // None refused for the rate limit: the sandbox's limiter (first-request windows of 3 s) is the
    // judge of "never more than 5 in a window". A sliding 3 s between a request and the fifth before
    // it is not its rule: two requests of two windows may be a moment apart.
    expect(ext.sb.log.filter((r) => r.rateLimited)).toEqual([]);
    expect(ext.sb.log.filter((r) => r.path === '/api/shorten' && r.status === 200)).toHaveLength(10);

    // Every link is in Recent links, and the stored batch holds each row once.
    const history = (await readStorage<HistoryEntry[]>(ext.h, 'history')) ?? [];
    for (const url of expected)
      expect(
        history.filter((e) => e.longUrl === url),
        url,
      ).toHaveLength(1);
    const batch = await readStorage<BulkBatch>(ext.h, 'bulk');
    expect(batch?.items.map((it) => it.url)).toEqual(expected);

    // "Copy all" as CSV: a header and a row per address, in order.
    await again.getByRole('combobox', { name: 'Copy as' }).selectOption('csv');
    await again.getByRole('button', { name: 'Copy all' }).click();
    await again.getByRole('status').filter({ hasText: 'Copied to the clipboard (CSV).' }).waitFor();
    const shortOf = new Map(links.map((l) => [l.url, l.short_url]));
    const csv = await readClipboard(ext.h, ext.sb.url);
    expect(csv.split('\r\n')).toEqual([
      'long_url,short_url,status,campaign,rule',
      ...expected.map((url) => `${url},${shortOf.get(url)},made,${campaign.name},`),
      '',
    ]);

    await again.emulateMedia({ colorScheme: 'dark' });
    await screenshot(again, 'bulk-done-dark', { fullPage: true });
    await again.emulateMedia({ colorScheme: 'light' });
    await screenshot(again, 'bulk-done', { fullPage: true });
    expect(ext.errors.of('bulk.html')).toEqual([]);
    await again.close();
  });
});
