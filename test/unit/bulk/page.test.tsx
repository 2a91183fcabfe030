import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/bulk/App';
import { createBulkStore } from '@/lib/ui/bulk/store';
import { answer, SETTINGS } from '../popup/harness';
import { readFileSync } from 'node:fs';

/** The browser's i18n answering from one of the catalogues ($NAME$ → its placeholder's $n). */
function speak(lang: 'en' | 'es' | 'de') {
  const catalogue = JSON.parse(readFileSync(`public/_locales/${lang}/messages.json`, 'utf8')) as Record<
    string,
    { message: string; placeholders?: Record<string, { content: string }> }
  >;
  vi.spyOn(browser.i18n, 'getUILanguage').mockReturnValue(lang);
  vi.spyOn(browser.i18n, 'getMessage').mockImplementation(((key: string, subs: string[] = []) => {
    const entry = catalogue[key];
    if (!entry) return '';
    return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_w, name: string) =>
      (entry.placeholders?.[name.toLowerCase()]?.content ?? '').replace(/\$(\d)/g, (_m, n: string) => subs[Number(n) - 1] ?? ''),
    );
  }) as never);
}

const askMock = vi.mocked(ask);

const PASTE = [
  'https://a.example/1',
  'ftp://files.example/x',
  'hello there',
  'https://a.example/1',
  'see https://b.example/2?utm_source=x.',
].join('\n');

describe('bulk page, before the run', () => {
  it('is headed "Shorten many links", opens with the keyboard in Addresses and reads the pasted text as it is typed', async () => {
    answer(askMock);
    render(<App store={createBulkStore('?window=5')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Shorten many links' })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Addresses' });
    // Opened to paste into: the keyboard is in the field already.
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: PASTE } });
    // Two addresses (the repeat made once, the tracking parameter removed), two lines skipped.
    await screen.findByText('2 to shorten · 1 listed more than once (made once) · 2 skipped');
    const skipped = screen.getByText(/Skipped lines \(2\)/).closest('details')!;
    const items = within(skipped)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/ftp:\/\/files\.example\/x — .*not ftp:/);
    expect(items[1]).toBe('hello there — no web address in this line');
    // The full stop after the address in prose was left off, and the page says so.
    const trimmed = screen.getByText('1 address with characters left off its end').closest('details')!;
    expect(within(trimmed).getByRole('listitem').textContent).toMatch(/^https:\/\/b\.example\/2\?utm_source=x — “\.” left off its end/);
  });

  it("words each count by the language's plural rules: in Spanish, one repeat and one skipped line in the singular", async () => {
    speak('es');
    answer(askMock);
    render(<App store={createBulkStore('')} />);
    const field = screen.getByRole('textbox', { name: 'Direcciones' });
    fireEvent.change(field, {
      target: {
        value: 'https://a.example/1\nhola\nhttps://a.example/1\nhttps://b.example/2\nhttps://b.example/2\nhttps://b.example/2\nadiós',
      },
    });
    await screen.findByText('2 para acortar · 3 repetidas (se crean una sola vez) · 2 omitidas');
    fireEvent.change(field, { target: { value: 'https://a.example/1\nhola\nhttps://a.example/1' } });
    await screen.findByText('1 para acortar · 1 repetida (se crea una sola vez) · 1 omitida');
  });

  it('offers Domain, Campaign and Channel with the remembered choices, and the "make new" checkbox', async () => {
    answer(askMock, { settings: { ...SETTINGS, lastDomainId: 7, lastCampaignId: 4 } });
    render(<App store={createBulkStore('')} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveProperty('value', '7'));
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveProperty('value', '4');
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveProperty('value', '');
    const box = screen.getByRole('checkbox', { name: 'Make new links even if one exists' });
    expect(box).toHaveProperty('checked', false);
  });

  it('"Use this window\'s tabs" asks for the tabs permission and says plainly when it is refused', async () => {
    answer(askMock);
    const request = vi.spyOn(browser.permissions, 'request').mockResolvedValue(false as never);
    const query = vi.spyOn(browser.tabs, 'query');
    render(<App store={createBulkStore('?window=5')} />);
    fireEvent.click(screen.getByRole('button', { name: "Use this window's tabs" }));
    expect(request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    expect((await screen.findByRole('alert')).textContent).toMatch(/permission to read your tabs was not given/);
    expect(query).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Addresses' })).toHaveProperty('value', '');
  });

  it('"Use this window\'s tabs" adds the web tabs of the popup\'s window to what is there', async () => {
    answer(askMock);
    vi.spyOn(browser.permissions, 'request').mockResolvedValue(true as never);
    const query = vi
      .spyOn(browser.tabs, 'query')
      .mockImplementation((async () => [
        { url: 'https://one.example/' },
        { url: 'chrome://settings' },
        { url: 'http://two.example/b' },
      ]) as never);
    render(<App store={createBulkStore('?window=5')} />);
    const field = screen.getByRole('textbox', { name: 'Addresses' });
    fireEvent.change(field, { target: { value: 'https://typed.example/' } });
    fireEvent.click(screen.getByRole('button', { name: "Use this window's tabs" }));
    await waitFor(() => expect(field).toHaveProperty('value', 'https://typed.example/\nhttps://one.example/\nhttp://two.example/b\n'));
    expect(query).toHaveBeenCalledWith({ windowId: 5 });
    expect(screen.getByRole('status').textContent).toBe("Addresses added from this window's tabs: 2. Left out, not web pages: 1.");
  });
});

describe('bulk page: what Recent links keep, and stored data reset', () => {
  it('says how many links Recent links keep, and what the worker had to reset', async () => {
    answer(askMock, { settings: { ...SETTINGS, historyLimit: 1000 }, storageNotices: ['bulk'] });
    render(<App store={createBulkStore('')} />);
    expect(await screen.findByText(/Recent links, which keep the newest 1,000 links of this browser/)).toBeTruthy();
    expect(await screen.findByText(/Some rows of the last list of many links could not be read and were removed/)).toBeTruthy();
  });
});
