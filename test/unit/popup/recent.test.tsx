import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import type { ShortenRequest } from '@/lib/messaging';
import { answer, callsOf, entry } from './harness';

const askMock = vi.mocked(ask);

afterEach(() => {
  vi.unstubAllGlobals();
});

const HISTORY = [
  entry({ id: 'a', longUrl: 'https://news.example/story', shortUrl: 'https://sho.rt/aaa', shortCode: 'aaa', linkId: 1 }),
  entry({ id: 'b', longUrl: 'https://shop.example/item/42', shortUrl: 'https://sho.rt/bbb', shortCode: 'bbb', linkId: null }),
  entry({ id: 'c', longUrl: 'https://blog.example/post', shortUrl: 'https://sho.rt/ccc', shortCode: 'ccc', linkId: 3, domainId: 7 }),
];

function recentSection() {
  return screen.getByRole('region', { name: 'Recent links' });
}

const tracked = (shortUrl: string, scans: number) => ({
  shortUrl,
  state: 'made' as const,
  foreground: 'rgb(0,0,0)',
  background: 'rgb(255,255,255)',
  createdAt: 1,
  id: 9,
  link: 'https://svc.example/qr/9',
  scans,
  scansAt: 1,
});

describe('Recent links', () => {
  it('marks links with a tracked QR code and shows their scans, read again after the items are on screen', async () => {
    answer(askMock, {
      history: HISTORY,
      tracked: { 'https://sho.rt/bbb': tracked('https://sho.rt/bbb', 3) },
      trackedFresh: { 'https://sho.rt/bbb': tracked('https://sho.rt/bbb', 12) },
    });
    render(<App />);
    const section = recentSection();
    const item = async () => (await within(section).findByText('https://sho.rt/bbb')).closest('li')!;
    await waitFor(async () => expect((await item()).textContent).toContain('Tracked QR code, scans: 12'));
    expect(within(section).getAllByText(/Tracked QR code, scans/)).toHaveLength(1);
    // Stored first, then one refresh (the worker spaces the reads a minute apart).
    expect(callsOf(askMock, 'getTrackedQrs')).toEqual([{ refresh: false }, { refresh: true }]);
  });

  it('asks for no scans when no link has a tracked QR code', async () => {
    answer(askMock, { history: HISTORY });
    render(<App />);
    await waitFor(() => expect(within(recentSection()).getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() => expect(callsOf(askMock, 'getTrackedQrs')).toEqual([{ refresh: false }]));
  });

  it('lists the links newest first with distinct button names, and searches them', async () => {
    const { user, writeText } = answer(askMock, { history: HISTORY });
    render(<App />);
    const section = recentSection();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(section)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['https://sho.rt/aaa', 'https://sho.rt/bbb', 'https://sho.rt/ccc']);
    expect(within(section).getByText('https://shop.example/item/42')).toBeTruthy();
    // Delete only where the link's id is known.
    expect(within(section).getByRole('button', { name: 'Delete https://sho.rt/aaa' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Delete https://sho.rt/bbb' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Copy https://sho.rt/bbb' }));
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/bbb');

    const search = within(section).getByRole('searchbox', { name: 'Search recent links' });
    await user.type(search, 'SHOP');
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'sho.rt/ccc');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => within(li).getByRole('link').textContent),
    ).toEqual(['https://sho.rt/ccc']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(within(section).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(section).getByText(/No recent link matches/)).toBeTruthy();
  });

  it('asks in the page before deleting, and deletes on the service on Yes', async () => {
    const { user } = answer(askMock, { history: HISTORY });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<App />);
    const section = recentSection();
    await user.click(await within(section).findByRole('button', { name: 'Delete https://sho.rt/aaa' }));
    expect(within(section).getByText('Delete this link on the service?')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    // The answers name the link (a screen reader hears which link "Yes" deletes).
    await user.click(within(section).getByRole('button', { name: 'No, keep https://sho.rt/aaa' }));
    expect(within(section).queryByText('Delete this link on the service?')).toBeNull();
    expect(callsOf(askMock, 'deleteHistoryEntry')).toEqual([]);
    // Escape answers "No" too, and the focus goes back to Delete.
    await user.click(within(section).getByRole('button', { name: 'Delete https://sho.rt/aaa' }));
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'No, keep https://sho.rt/aaa' }));
    await user.keyboard('{Escape}');
    expect(within(section).queryByText('Delete this link on the service?')).toBeNull();
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Delete https://sho.rt/aaa' }));
    expect(callsOf(askMock, 'deleteHistoryEntry')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Delete https://sho.rt/aaa' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, delete https://sho.rt/aaa' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(callsOf(askMock, 'deleteHistoryEntry')).toEqual([{ id: 'a', remote: true }]);
    expect(screen.getByRole('status').textContent).toBe('Link deleted');
  });

  it('says why a delete failed and offers to remove the entry from the list only', async () => {
    const { user } = answer(askMock, {
      history: HISTORY,
      deleteHistoryEntry: (d: { id: string; remote: boolean }) => {
        if (d.remote) throw { kind: 'not-found', message: 'Link not found' };
        return HISTORY.filter((e) => e.id !== d.id);
      },
    });
    render(<App />);
    const section = recentSection();
    await user.click(await within(section).findByRole('button', { name: 'Delete https://sho.rt/ccc' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, delete https://sho.rt/ccc' }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/could not be deleted.*Link not found/);
    await user.click(within(section).getByRole('button', { name: 'Remove from this list only' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(callsOf(askMock, 'deleteHistoryEntry')).toEqual([
      { id: 'c', remote: true },
      { id: 'c', remote: false },
    ]);
  });

  it('QR shows the QR panel of an entry', async () => {
    const { user } = answer(askMock, { history: HISTORY });
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'QR https://sho.rt/bbb' }));
    expect(screen.getByRole('textbox', { name: 'Short link' })).toHaveProperty('value', 'https://sho.rt/bbb');
    expect(await screen.findByRole('img', { name: 'QR code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeTruthy();
  });
});

describe('before making a duplicate', () => {
  it('offers the earlier link of the same page and domain', async () => {
    const { user, writeText } = answer(askMock, { history: HISTORY, tabUrl: 'https://news.example/story' });
    render(<App />);
    await screen.findByRole('button', { name: 'Copy https://sho.rt/aaa' });
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    expect(screen.getByText(/You already shortened this page:/).textContent).toBe('You already shortened this page: https://sho.rt/aaa');
    expect(callsOf(askMock, 'shorten')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Use existing' }));
    expect(screen.getByRole('textbox', { name: 'Short link' })).toHaveProperty('value', 'https://sho.rt/aaa');
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/aaa');
    expect(callsOf(askMock, 'shorten')).toEqual([]);
  });

  it('makes a new one when asked to', async () => {
    const { user } = answer(askMock, { history: HISTORY, tabUrl: 'https://news.example/story' });
    render(<App />);
    await screen.findByRole('button', { name: 'Copy https://sho.rt/aaa' });
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await user.click(screen.getByRole('button', { name: 'Create new anyway' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')).toEqual([{ url: 'https://news.example/story', domainId: null, campaignId: null }]);
  });

  it('pressed again after a link was made and copied: "Copied to clipboard" goes with the link it spoke of', async () => {
    const { user } = answer(askMock, {
      tabUrl: 'https://news.example/again',
      shorten: (req: ShortenRequest) => ({ status: 'done', entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://sho.rt/new1' }) }),
    });
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByText(/You already shortened this page:/);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('does not offer a link made on another domain', async () => {
    const { user } = answer(askMock, { history: HISTORY, tabUrl: 'https://blog.example/post' });
    render(<App />);
    await screen.findByRole('button', { name: 'Copy https://sho.rt/ccc' });
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(screen.queryByText(/You already shortened this page/)).toBeNull();
  });
});
