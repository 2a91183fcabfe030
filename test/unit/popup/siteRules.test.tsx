import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { cacheItem, connectionStateItem, settingsItem } from '@/lib/storage';
import { linkRulesItem } from '@/lib/storage/linkRules';
import type { SiteRule } from '@/lib/links/linkRules';
import { answer, CAMPAIGNS, DOMAINS, FREE, SETTINGS } from './harness';

const askMock = vi.mocked(ask);

const FP = 'abc123';
const news = { id: 'p1', name: 'Newsletter', source: 'news', medium: 'email', campaign: '', term: '', content: '' };
const rule = (over: Partial<SiteRule>): SiteRule => ({
  id: 'r',
  site: 'example.com/blog/',
  domainId: null,
  campaignId: null,
  channelId: null,
  presetId: null,
  ...over,
});

/** Storage after a warm open, with the account's presets and rules. */
async function warmStorage(rules: SiteRule[]) {
  const fetchedAt = Date.now();
  await connectionStateItem.setValue({ connected: true, fingerprint: FP });
  await settingsItem.setValue({ ...SETTINGS, lastDomainId: 9, lastCampaignId: 4 });
  await cacheItem.setValue({
    fingerprint: FP,
    account: { value: FREE, fetchedAt },
    lists: { domains: { value: DOMAINS, fetchedAt }, campaigns: { value: CAMPAIGNS, fetchedAt }, channels: { value: [], fetchedAt } },
  });
  await linkRulesItem.setValue({
    [FP]: { presets: [news], rules, campaignPresets: {} },
    other: { presets: [], rules: [rule({ site: 'example.com', campaignId: 3 })], campaignPresets: {} },
  });
}

const asked = () => askMock.mock.calls.map((c) => c[0] as string);
const longUrl = () => screen.getByRole('textbox', { name: 'Long URL' }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('site rules in the popup', () => {
  it("chooses the rule's domain, campaign and preset from the popup's one storage read, without asking the worker", async () => {
    await warmStorage([rule({ site: 'example.com', campaignId: 4 }), rule({ id: 'blog', domainId: 7, campaignId: 3, presetId: 'p1' })]);
    const get = vi.spyOn(browser.storage.local, 'get');
    answer(askMock, { tabUrl: 'https://www.example.com/blog/post?id=5#top', history: [] });
    render(<App />);
    await screen.findByText('Rule: example.com/blog/');
    expect(screen.getByText('Rule: example.com/blog/').getAttribute('role')).toBe('status');
    await waitFor(() => expect(longUrl().value).toBe('https://www.example.com/blog/post?id=5&utm_source=news&utm_medium=email#top'));
    expect(select('Domain').value).toBe('7');
    expect(select('Campaign').value).toBe('3');
    await waitFor(() => expect(asked()).toContain('getHistory'));
    expect(asked().filter((a) => a.startsWith('getList') || a === 'getAccount' || a === 'getSettings' || a === 'getLinkRules')).toEqual([]);
    // The rules come with the snapshot's one read (read again with it once the worker has answered), never on their own.
    expect(get.mock.calls[0]![0]).toEqual(['connectionState', 'settings', 'cache', 'linkRules', 'policy']);
    expect(
      get.mock.calls.filter((c) => JSON.stringify(c[0]).includes('linkRules') && !JSON.stringify(c[0]).includes('connectionState')),
    ).toEqual([]);
  });

  it('lets the user change anything: a UTM field, the preset, the campaign', async () => {
    await warmStorage([rule({ campaignId: 3, presetId: 'p1' })]);
    answer(askMock, { tabUrl: 'https://example.com/blog/a', history: [] });
    render(<App />);
    await waitFor(() => expect(longUrl().value).toBe('https://example.com/blog/a?utm_source=news&utm_medium=email'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'UTM' }));
    expect(screen.getByRole('button', { name: 'UTM' }).getAttribute('aria-expanded')).toBe('true');
    await user.type(await screen.findByRole('textbox', { name: 'UTM content' }), 'hero');
    expect(longUrl().value).toBe('https://example.com/blog/a?utm_source=news&utm_medium=email&utm_content=hero');
    await user.selectOptions(select('UTM preset'), '');
    expect(longUrl().value).toBe('https://example.com/blog/a');
    await user.selectOptions(select('Campaign'), '4');
    expect(select('Campaign').value).toBe('4');
  });

  it('adds the preset after the cleaning; "Keep them" keeps the other tracking parameters, the preset wins over the utm_* it names', async () => {
    await warmStorage([rule({ presetId: 'p1' })]);
    answer(askMock, { tabUrl: 'https://example.com/blog/a?utm_source=tw&fbclid=1&id=5', history: [] });
    render(<App />);
    await waitFor(() => expect(longUrl().value).toBe('https://example.com/blog/a?id=5&utm_source=news&utm_medium=email'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(longUrl().value).toBe('https://example.com/blog/a?fbclid=1&id=5&utm_source=news&utm_medium=email'));
  });

  it('after "Keep them", the UTM fields, Long URL and the request say the same source, and the popup says the page\'s own was replaced', async () => {
    await warmStorage([rule({ presetId: 'p1' })]);
    answer(askMock, { tabUrl: 'https://example.com/blog/article?utm_source=old&x=1#frag', history: [] });
    render(<App />);
    const user = userEvent.setup();
    await waitFor(() => expect(longUrl().value).toBe('https://example.com/blog/article?x=1&utm_source=news&utm_medium=email#frag'));
    await user.click(screen.getByRole('button', { name: 'UTM' }));
    await user.click(await screen.findByRole('button', { name: 'Keep them' }));
    const source = (await screen.findByRole('textbox', { name: 'UTM source' })) as HTMLInputElement;
    expect(source.value).toBe('news');
    const expected = 'https://example.com/blog/article?x=1&utm_source=news&utm_medium=email#frag';
    await waitFor(() => expect(longUrl().value).toBe(expected));
    expect(screen.getByText("The UTM fields replace the address's own utm_source.").getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(askMock.mock.calls.some((c) => c[0] === 'shorten')).toBe(true));
    expect(askMock.mock.calls.find((c) => c[0] === 'shorten')![1]).toMatchObject({ url: expected });
  });

  it("sends the page's title with a link of the tab's page that got UTM parameters", async () => {
    await warmStorage([rule({ presetId: 'p1' })]);
    answer(askMock, { tabUrl: 'https://example.com/blog/a', tabTitle: 'A blog post', history: [] });
    render(<App />);
    await waitFor(() => expect(longUrl().value).toBe('https://example.com/blog/a?utm_source=news&utm_medium=email'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(askMock.mock.calls.some((c) => c[0] === 'shorten')).toBe(true));
    expect(askMock.mock.calls.find((c) => c[0] === 'shorten')![1]).toMatchObject({
      url: 'https://example.com/blog/a?utm_source=news&utm_medium=email',
      title: 'A blog post',
    });
  });

  it('a rule naming a campaign that no longer exists falls back to the remembered one and says so', async () => {
    await warmStorage([rule({ campaignId: 99, domainId: 7 })]);
    answer(askMock, { tabUrl: 'https://example.com/blog/a', history: [] });
    render(<App />);
    await screen.findByText('Rule: example.com/blog/ It names what no longer exists (campaign): the default is used.');
    expect(select('Campaign').value).toBe('4');
    expect(select('Domain').value).toBe('7');
  });

  it('applies the rules of the account the worker says is connected when storage named none', async () => {
    await warmStorage([rule({ campaignId: 3 })]);
    await connectionStateItem.setValue(null);
    answer(askMock, { tabUrl: 'https://example.com/blog/a', history: [] });
    const base = askMock.getMockImplementation()!;
    askMock.mockImplementation(async (type: string, data?: unknown) => {
      if (type === 'getConnection') await connectionStateItem.setValue({ connected: true, fingerprint: FP });
      return base(type as never, data as never);
    });
    render(<App />);
    await screen.findByText('Rule: example.com/blog/');
    await waitFor(() => expect(select('Campaign').value).toBe('3'));
  });

  it('no rule for the page: no status line, the remembered choices, nothing added', async () => {
    await warmStorage([rule({ campaignId: 3, presetId: 'p1' })]);
    answer(askMock, { tabUrl: 'https://example.org/blog/a', history: [] });
    render(<App />);
    await waitFor(() => expect(asked()).toContain('getHistory'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/^Rule:/)).toBeNull();
    expect(select('Campaign').value).toBe('4');
    expect(longUrl().value).toBe('https://example.org/blog/a');
  });
});
