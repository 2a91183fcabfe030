import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_QR_STYLE, type QrStyle } from '@/lib/qr/style';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import type { ShortenRequest } from '@/lib/messaging';
import type { JobView } from '@/lib/messaging/jobView';
import { clock } from '@/lib/i18n/format';
import { answer, callsOf, entry, SETTINGS } from './harness';

const askMock = vi.mocked(ask);

describe('after shortening', () => {
  it('shows the Short link, copies it, and shows its QR code and buttons', async () => {
    const { writeText, user } = answer(askMock, {
      shorten: (req: ShortenRequest) => ({
        status: 'done',
        entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://go.brand.example/x1', shortCode: 'x1' }),
      }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));

    const short = await screen.findByRole('textbox', { name: 'Short link' });
    expect(short).toHaveProperty('value', 'https://go.brand.example/x1');
    expect(short).toHaveProperty('readOnly', true);
    expect(writeText).toHaveBeenCalledWith('https://go.brand.example/x1');
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
    // The keyboard moves to the new link (after the frame that draws it), selected for Ctrl+C.
    await waitFor(() => expect(document.activeElement).toBe(short));
    const field = short as HTMLInputElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'https://go.brand.example/x1'.length]);
    // The link comes first; its QR code and buttons in the render after.
    await screen.findByRole('button', { name: 'Copy QR' });
    for (const name of ['Copy', 'Copy QR', 'Download PNG', 'Download SVG']) expect(screen.getByRole('button', { name })).toBeTruthy();
    const img = await screen.findByRole('img', { name: 'QR code' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(callsOf(askMock, 'shorten')).toEqual([{ url: 'https://example.com/article', domainId: null, campaignId: null }]);
    // The new link is in Recent links too, drawn from the answer: the whole list (1.6 MB with 5,000
    // links) is not asked for again; the worker tells the popup of the head it writes.
    expect(await screen.findByRole('button', { name: 'Copy https://go.brand.example/x1' })).toBeTruthy();
    expect(callsOf(askMock, 'getHistory')).toHaveLength(1);
  });

  it('with Recent links turned off, a new link is shown and copied but not listed in Recent links', async () => {
    const { user } = answer(askMock, {
      settings: { ...SETTINGS, keepHistory: false },
      shorten: (req: ShortenRequest) => ({
        status: 'done',
        entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://go.brand.example/off', shortCode: 'off' }),
      }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    expect(await screen.findByRole('textbox', { name: 'Short link' })).toHaveProperty('value', 'https://go.brand.example/off');
    await screen.findByRole('button', { name: 'Copy QR' });
    expect(screen.queryByRole('button', { name: 'Copy https://go.brand.example/off' })).toBeNull();
  });

  it('"Make tracked QR code" makes the service\'s QR code of the short link and shows its image, "Scans" and "Open statistics"', async () => {
    const made = {
      shortUrl: 'https://go.brand.example/x1',
      state: 'made' as const,
      foreground: 'rgb(0,0,0)',
      background: 'rgb(255,255,255)',
      createdAt: 1,
      id: 41,
      link: 'https://svc.example/qr/41',
      scans: 0,
      scansAt: 1,
    };
    const { user } = answer(askMock, {
      shorten: (req: ShortenRequest) => ({
        status: 'done',
        entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://go.brand.example/x1', shortCode: 'x1' }),
      }),
      makeTrackedQr: made,
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await user.click(await screen.findByRole('button', { name: 'Make tracked QR code' }));
    expect(callsOf(askMock, 'makeTrackedQr')).toEqual([{ shortUrl: 'https://go.brand.example/x1' }]);
    expect((await screen.findByRole('img', { name: 'Tracked QR code' })).getAttribute('src')).toBe('https://svc.example/qr/41');
    expect(screen.getByText('Scans: 0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open statistics' }).getAttribute('href')).toMatch(/options\.html#qr-stats-41$/);
    expect(screen.queryByRole('button', { name: 'Make tracked QR code' })).toBeNull();
  });

  it('says "Tracked QR code made" and "QR style saved for this account" once, beside the QR code (the status line speaks them without showing them again)', async () => {
    const made = {
      shortUrl: 'https://go.brand.example/x1',
      state: 'made' as const,
      foreground: 'rgb(0,0,0)',
      background: 'rgb(255,255,255)',
      createdAt: 1,
      id: 41,
      link: 'https://svc.example/qr/41',
      scans: 0,
      scansAt: 1,
    };
    const { user, worker } = answer(askMock, {
      shorten: (req: ShortenRequest) => ({
        status: 'done',
        entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://go.brand.example/x1', shortCode: 'x1' }),
      }),
      makeTrackedQr: made,
    });
    worker.override.saveQrStyle = (req) => ({ ...DEFAULT_QR_STYLE, ...(req as { style: QrStyle | null }).style });
    // What the eye sees: the text outside visually hidden parts.
    const shown = (text: string) => screen.queryAllByText(text).filter((el) => !el.closest('.visually-hidden'));
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await user.click(await screen.findByRole('button', { name: 'Make tracked QR code' }));
    await waitFor(() => expect(shown('Tracked QR code made')).toHaveLength(1));
    expect(shown('Tracked QR code made')[0]!.closest('.qr-panel')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Tracked QR code made');
    await user.click(screen.getByRole('button', { name: 'Style' }));
    fireEvent.input(await screen.findByLabelText('Foreground'), { target: { value: '#1f6feb' } });
    await waitFor(() => expect(shown('QR style saved for this account')).toHaveLength(1));
    expect(shown('QR style saved for this account')[0]!.closest('.qr-panel')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('QR style saved for this account');
    // Another message of the popup is shown on its line again.
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(shown('Copied to clipboard')).toHaveLength(1));
  });

  it('says why a tracked QR code could not be made', async () => {
    const { user } = answer(askMock, {
      shorten: (req: ShortenRequest) => ({
        status: 'done',
        entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://go.brand.example/x1', shortCode: 'x1' }),
      }),
      makeTrackedQr: { kind: 'forbidden', message: 'no', serverText: 'QR codes are not in your plan.' },
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await user.click(await screen.findByRole('button', { name: 'Make tracked QR code' }));
    expect((await screen.findByText(/The tracked QR code could not be made: /)).textContent).toMatch(/QR codes are not in your plan/);
  });

  it('takes the previous short link, its QR code and "Copied" away when Long URL is edited', async () => {
    const { user } = answer(askMock, {
      shorten: (req: ShortenRequest) => ({
        status: 'done',
        entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://go.brand.example/x1', shortCode: 'x1' }),
      }),
    });
    render(<App />);
    const field = screen.getByRole('textbox', { name: 'Long URL' });
    await waitFor(() => expect(field).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    await user.type(field, '/other');
    expect(screen.queryByRole('textbox', { name: 'Short link' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'QR code' })).toBeNull();
    expect(screen.getByRole('status').textContent).not.toMatch(/Copied/);
  });

  it('submits with Enter and sends the chosen domain and campaign', async () => {
    const { user } = answer(askMock);
    render(<App />);
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    await waitFor(() => expect(domain.querySelectorAll('option')).toHaveLength(3));
    await user.selectOptions(domain, '9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Spring sale');
    const field = screen.getByRole('textbox', { name: 'Long URL' });
    await user.clear(field);
    await user.type(field, 'https://example.net/typed{Enter}');
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')).toEqual([{ url: 'https://example.net/typed', domainId: 9, campaignId: 3 }]);
    expect(callsOf(askMock, 'saveSettings').at(-1)).toEqual({ lastDomainId: 9, lastCampaignId: 3 });
  });

  it('does not copy by itself when auto-copy is off; Copy copies', async () => {
    const { writeText, user } = answer(askMock, { settings: { ...SETTINGS, autoCopy: false } });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(writeText).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/abc');
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
  });

  it('says the link was added to the campaign', async () => {
    const { user } = answer(askMock, { shorten: { status: 'done', entry: entry({ campaign: { state: 'assigned', campaignId: 3 } }) } });
    render(<App />);
    await user.type(screen.getByRole('textbox', { name: 'Long URL' }), '{Enter}');
    expect(await screen.findByText('Added to campaign Spring sale')).toBeTruthy();
  });

  it('shows and copies the link while its campaign is being added, then says what became of it', async () => {
    let settle!: () => void;
    const settled = new Promise<void>((r) => (settle = r));
    const pending = entry({ id: 'j1', campaign: { state: 'pending', campaignId: 3 }, channel: { state: 'none' } });
    const { writeText, user } = answer(askMock, {
      shorten: { status: 'done', entry: pending, jobId: 'j1' },
      getJob: async () => {
        await settled;
        return {
          id: 'j1',
          state: 'done',
          result: { ...pending, campaign: { state: 'failed', campaignId: 3, reason: 'Campaign not found.' } },
        } as JobView;
      },
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    expect(await screen.findByText('Adding to campaign Spring sale…')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Short link' })).toHaveProperty('value', 'https://sho.rt/abc');
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/abc');
    expect(callsOf(askMock, 'getJob')).toEqual([{ jobId: 'j1', waitMs: 15_000 }]);
    settle();
    expect(await screen.findByText('The link was created, but could not be added to the campaign: Campaign not found.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Short link' })).toHaveProperty('value', 'https://sho.rt/abc');
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('shows the link, copied, with a note when the campaign could not be assigned', async () => {
    const { writeText, user } = answer(askMock, {
      shorten: {
        status: 'done',
        entry: entry({ campaign: { state: 'failed', campaignId: 3, reason: 'The server did not return the <b>link id</b>.' } }),
      },
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    expect(
      await screen.findByText('The link was created, but could not be added to the campaign: The server did not return the link id .'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Short link' })).toHaveProperty('value', 'https://sho.rt/abc');
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/abc');
    expect(document.querySelector('b')).toBeNull();
  });

  it('says a queued link will be made later, then shows it when the job is done', async () => {
    const expectedAt = Date.now() + 42_000;
    let polls = 0;
    const done = entry({ id: 'q1', shortUrl: 'https://sho.rt/late', shortCode: 'late' });
    const { writeText, user } = answer(askMock, {
      shorten: { status: 'queued', jobId: 'job-1', expectedAt },
      getJob: () =>
        ++polls < 2 ? ({ id: 'job-1', state: 'pending' } as JobView) : ({ id: 'job-1', state: 'done', result: done } as JobView),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Rate limit reached: your link is queued and will be created at about ${clock(expectedAt)}. You can close this popup: it will be copied and saved in Recent links.`,
      ),
    );
    expect(screen.queryByRole('textbox', { name: 'Short link' })).toBeNull();
    const short = await screen.findByRole('textbox', { name: 'Short link' }, { timeout: 4000 });
    expect(short).toHaveProperty('value', 'https://sho.rt/late');
    expect(callsOf(askMock, 'getJob')[0]).toEqual({ jobId: 'job-1' });
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/late');
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
  });

  it('shows the failure of a queued link', async () => {
    const { user } = answer(askMock, {
      shorten: { status: 'queued', jobId: 'job-2', expectedAt: Date.now() + 1000 },
      getJob: { id: 'job-2', state: 'failed', error: { kind: 'invalid-request', message: 'Alias taken' } } as unknown as JobView,
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe('The service said: Alias taken');
  });
});
