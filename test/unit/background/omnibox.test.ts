import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { onOmniboxChanged, onOmniboxEntered, typedAddress, type OmniboxDeps } from '@/lib/background/omnibox';
import { DEFAULT_SETTINGS, settingsItem, type HistoryEntry } from '@/lib/storage';

const entry = (n: number, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: `e${n}`,
  longUrl: `https://example.com/article-${n}`,
  shortUrl: `https://s.example/${n}`,
  shortCode: String(n),
  linkId: n,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: n,
  service: 'http://127.0.0.1:1',
  ...over,
});

function deps(history: HistoryEntry[]) {
  const d = {
    getHistory: vi.fn(async () => history),
    shortenInBackground: vi.fn(async () => {}),
    copy: vi.fn(async () => true),
    notify: vi.fn(async () => {}),
  };
  return d satisfies OmniboxDeps;
}

describe('address bar keyword', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads what was typed as an address, or refuses it', () => {
    expect(typedAddress('example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(typedAddress(' https://example.com ')).toBe('https://example.com');
    expect(typedAddress('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/x');
    expect(typedAddress('http://localhost:3000/')).toBe('http://localhost:3000/');
    expect(typedAddress('münchen.de')).toBe('https://münchen.de');
    for (const bad of ['', 'hello', 'two words.com', 'javascript:alert(1)', 'ftp://example.com', 'chrome://settings'])
      expect(typedAddress(bad)).toBeNull();
  });

  it('Enter with nothing shortens the current tab with its title', async () => {
    const d = deps([]);
    vi.spyOn(browser.tabs, 'query').mockResolvedValue([{ url: 'https://example.org/now', title: 'Now' }] as never);
    await onOmniboxEntered(d, '  ');
    expect(d.shortenInBackground).toHaveBeenCalledWith('https://example.org/now', 'omnibox', 'Now', false);
  });

  it('Enter with an address shortens that address', async () => {
    const d = deps([]);
    vi.spyOn(browser.tabs, 'query').mockResolvedValue([{ url: 'https://example.org/now', title: 'Now', incognito: false }] as never);
    await onOmniboxEntered(d, 'example.org/page?id=2');
    expect(d.shortenInBackground).toHaveBeenCalledWith('https://example.org/page?id=2', 'omnibox', undefined, false);
  });

  it("in a private window, what the address bar shortens is marked private (the focused window's active tab says so)", async () => {
    const d = deps([]);
    vi.spyOn(browser.tabs, 'query').mockResolvedValue([{ url: 'https://example.org/secret', title: 'Secret', incognito: true }] as never);
    await onOmniboxEntered(d, '');
    expect(d.shortenInBackground).toHaveBeenLastCalledWith('https://example.org/secret', 'omnibox', 'Secret', true);
    await onOmniboxEntered(d, 'example.org/typed');
    expect(d.shortenInBackground).toHaveBeenLastCalledWith('https://example.org/typed', 'omnibox', undefined, true);
  });

  it('Enter with something that is not an address sends nothing and says why', async () => {
    const d = deps([]);
    await onOmniboxEntered(d, 'hello world');
    expect(d.shortenInBackground).not.toHaveBeenCalled();
    expect(d.notify).toHaveBeenCalledWith('Not an address', expect.stringContaining('hello world'));
  });

  it('choosing a suggested Recent link copies it in the preferred format', async () => {
    const d = deps([entry(1, { title: 'First [one]' }), entry(2)]);
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, copyFormat: 'markdown' });
    await onOmniboxEntered(d, 'https://s.example/1');
    expect(d.copy).toHaveBeenCalledWith('[First \\[one\\]](https://s.example/1)');
    expect(d.shortenInBackground).not.toHaveBeenCalled();
    expect(d.notify).toHaveBeenCalledWith('Link copied', 'https://s.example/1');
  });

  it('suggests the matching Recent links, searching titles too, escaped for Chrome', async () => {
    const d = deps([
      entry(1, { title: 'Cats & <dogs>' }),
      entry(2, { title: 'Weather' }),
      ...Array.from({ length: 9 }, (_, i) => entry(10 + i)),
    ]);
    const suggest = vi.fn();
    const setDefault = vi.spyOn(browser.omnibox, 'setDefaultSuggestion').mockImplementation((() => {}) as never);
    await onOmniboxChanged(d, 'cats', suggest);
    expect(suggest).toHaveBeenCalledWith([
      { content: 'https://s.example/1', description: 'Copy https://s.example/1 — Cats &amp; &lt;dogs&gt;' },
    ]);
    expect(setDefault).toHaveBeenLastCalledWith({ description: 'Shorten the current tab, or type an address to shorten it' });
    await onOmniboxChanged(d, 'article', suggest);
    expect(suggest.mock.lastCall![0]).toHaveLength(6);
    await onOmniboxChanged(d, 'example.net/x', suggest);
    expect(setDefault).toHaveBeenLastCalledWith({ description: 'Shorten https://example.net/x' });
  });
});
