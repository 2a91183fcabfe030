/** The popup's channel, clean links, "Copy as" and "Delete link" (issue: shortening the way people ask for it). */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import type { ShortenRequest } from '@/lib/messaging';
import type { Channel } from '@/lib/api';
import { answer, callsOf, entry, SETTINGS } from './harness';

const askMock = vi.mocked(ask);

const CHANNELS: Channel[] = [
  { id: 11, name: 'Press', description: '', color: '', starred: false },
  { id: 12, name: 'Social', description: '', color: '', starred: true },
];
const TRACKED = 'https://example.com/page/article?utm_source=news&utm_medium=mail&id=5#top';

const made = (req: ShortenRequest) => ({
  status: 'done' as const,
  entry: entry({
    id: 'n1',
    longUrl: req.url,
    shortUrl: 'https://go.example/x1',
    title: req.title,
    ...(req.channelId ? { channel: { state: 'assigned' as const, channelId: req.channelId } } : {}),
  }),
});

describe('Channel', () => {
  it('lists No channel and every channel, remembers the choice, and sends it', async () => {
    const { user } = answer(askMock, { channels: CHANNELS, shorten: made });
    render(<App />);
    const channel = screen.getByRole('combobox', { name: 'Channel' });
    await waitFor(() =>
      expect([...channel.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['No channel', 'Press', 'Social']),
    );
    await user.selectOptions(channel, 'Social');
    expect(callsOf(askMock, 'saveSettings')).toContainEqual({ lastChannelId: 12 });
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')).toEqual([{ url: 'https://example.com/article', domainId: null, campaignId: null, channelId: 12 }]);
    expect(await screen.findByText('Added to channel Social')).toBeTruthy();
  });

  it('preselects the remembered channel when it still exists', async () => {
    answer(askMock, { channels: CHANNELS, settings: { ...SETTINGS, lastChannelId: 11 } });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveProperty('value', '11'));
  });

  it('says why a link was not added to its channel', async () => {
    const { user } = answer(askMock, {
      channels: CHANNELS,
      settings: { ...SETTINGS, lastChannelId: 11 },
      shorten: (req: ShortenRequest) => ({
        status: 'done',
        entry: entry({ longUrl: req.url, channel: { state: 'failed', channelId: 11, reason: 'Channel not found.' } }),
      }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveProperty('value', '11'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    expect(await screen.findByText('The link was created, but could not be added to the channel: Channel not found.')).toBeTruthy();
  });
});

describe('clean links', () => {
  it('shows the cleaned URL, names what was removed, and "Keep them" sends the original', async () => {
    const { user } = answer(askMock, { tabUrl: TRACKED, tabTitle: 'An article', shorten: made });
    render(<App />);
    const field = screen.getByRole('textbox', { name: 'Long URL' });
    await waitFor(() => expect(field).toHaveProperty('value', 'https://example.com/page/article?id=5#top'));
    const note = await screen.findByText('Tracking parameters removed: utm_source, utm_medium');
    expect(note.getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(field).toHaveProperty('value', TRACKED);
    expect(screen.queryByRole('button', { name: 'Keep them' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')).toEqual([{ url: TRACKED, domainId: null, campaignId: null, title: 'An article' }]);
  });

  it('shortens the cleaned URL with the page title', async () => {
    const { user } = answer(askMock, { tabUrl: TRACKED, tabTitle: 'An article', shorten: made });
    render(<App />);
    await screen.findByRole('button', { name: 'Keep them' });
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')).toEqual([
      { url: 'https://example.com/page/article?id=5#top', domainId: null, campaignId: null, title: 'An article' },
    ]);
  });

  it('leaves the URL alone when the preference is off', async () => {
    answer(askMock, { tabUrl: TRACKED, settings: { ...SETTINGS, cleanLinks: false } });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', TRACKED));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', TRACKED);
    expect(screen.queryByRole('button', { name: 'Keep them' })).toBeNull();
  });
});

describe('Copy as', () => {
  it('copies in the chosen format, starting from the preference', async () => {
    const { user, writeText } = answer(askMock, {
      tabTitle: 'A [tricky] title',
      settings: { ...SETTINGS, copyFormat: 'titleLink' },
      shorten: made,
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    // Automatic copying follows the preference.
    expect(writeText).toHaveBeenLastCalledWith('A [tricky] title https://go.example/x1');
    const copyAs = screen.getByRole('combobox', { name: 'Copy as' });
    expect(copyAs).toHaveProperty('value', 'titleLink');
    await user.selectOptions(copyAs, 'Markdown');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenLastCalledWith('[A \\[tricky\\] title](https://go.example/x1)');
    await user.selectOptions(copyAs, 'HTML');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenLastCalledWith('<a href="https://go.example/x1">A [tricky] title</a>');
  });
});

describe('Recent links', () => {
  it('Copy uses the copy format with the title kept in the entry', async () => {
    const { user, writeText } = answer(askMock, {
      settings: { ...SETTINGS, copyFormat: 'markdown' },
      history: [entry({ id: 'old', shortUrl: 'https://go.example/old', title: 'Old [page]' })],
    });
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Copy https://go.example/old' }));
    expect(writeText).toHaveBeenLastCalledWith('[Old \\[page\\]](https://go.example/old)');
  });
});

describe('Delete link', () => {
  it('asks inline, then deletes the link just made on the service', async () => {
    const { user } = answer(askMock, { shorten: made });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    await user.click(await screen.findByRole('button', { name: 'Delete link' }));
    expect(screen.getByText('Delete this link on the service?')).toBeTruthy();
    // Only one question: the entry in Recent links does not ask too.
    expect(screen.getAllByText('Delete this link on the service?')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'No, keep https://go.example/x1' }));
    expect(callsOf(askMock, 'deleteHistoryEntry')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Delete link' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete https://go.example/x1' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Short link' })).toBeNull());
    expect(callsOf(askMock, 'deleteHistoryEntry')).toEqual([{ id: 'n1', remote: true }]);
  });

  it('says why the service refused', async () => {
    const { user } = answer(askMock, { shorten: made, deleteHistoryEntry: { kind: 'not-found', message: 'Link not found.' } });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    await user.click(await screen.findByRole('button', { name: 'Delete link' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete https://go.example/x1' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be deleted/);
    expect(screen.getByRole('textbox', { name: 'Short link' })).toBeTruthy();
  });
});
