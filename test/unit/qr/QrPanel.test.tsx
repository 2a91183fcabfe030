import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QrPanel } from '@/components/qr/QrPanel';
import { QrPage, urlFromSearch } from '@/components/qr/QrPage';
import type { QrActions } from '@/lib/ui/qrImage';
import { DEFAULT_QR_STYLE, type QrStyle } from '@/lib/qr/style';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function fakeActions(over: Partial<QrActions> = {}): QrActions {
  return {
    svg: vi.fn(async () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    copyPng: vi.fn(async () => undefined),
    downloadPng: vi.fn(async () => undefined),
    downloadSvg: vi.fn(async () => undefined),
    ...over,
  };
}

describe('QrPanel', () => {
  it('shows the QR code made locally from the text', async () => {
    render(<QrPanel text="https://sho.rt/abc" fileBase="qr-abc" />);
    const img = await screen.findByRole('img', { name: 'QR code' });
    const src = img.getAttribute('src')!;
    expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(src)).toContain('<svg');
  });

  it('copies the PNG and downloads PNG and SVG under qr-<code> names', async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    render(<QrPanel text="https://sho.rt/abc" fileBase="qr-abc" actions={actions} />);
    await screen.findByRole('img', { name: 'QR code' });
    await user.click(screen.getByRole('button', { name: 'Copy QR' }));
    expect(actions.copyPng).toHaveBeenCalledWith('https://sho.rt/abc', DEFAULT_QR_STYLE);
    expect(screen.getByRole('status').textContent).toBe('QR code copied to clipboard');
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    expect(actions.downloadPng).toHaveBeenCalledWith('https://sho.rt/abc', 'qr-abc.png', DEFAULT_QR_STYLE);
    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(actions.downloadSvg).toHaveBeenCalledWith('https://sho.rt/abc', 'qr-abc.svg', DEFAULT_QR_STYLE);
    expect(screen.getByRole('status').textContent).toBe('Downloading qr-abc.svg');
  });

  it('draws the style another browser synced while the panel is open', async () => {
    const actions = fakeActions();
    let style: QrStyle = DEFAULT_QR_STYLE;
    let told = () => {};
    render(
      <QrPanel
        text="https://sho.rt/abc"
        fileBase="qr-abc"
        actions={actions}
        styleSource={async () => style}
        styleWatch={(on) => ((told = on), () => {})}
      />,
    );
    await screen.findByRole('img', { name: 'QR code' });
    expect(actions.svg).toHaveBeenLastCalledWith('https://sho.rt/abc', DEFAULT_QR_STYLE);
    style = { foreground: '#123456', background: '#ffffff', logo: null };
    told();
    await waitFor(() => expect(actions.svg).toHaveBeenLastCalledWith('https://sho.rt/abc', style));
  });

  it('reports through onStatus when given one', async () => {
    const user = userEvent.setup();
    const onStatus = vi.fn();
    render(<QrPanel text="x" fileBase="qr-x" actions={fakeActions()} onStatus={onStatus} />);
    await user.click(screen.getByRole('button', { name: 'Copy QR' }));
    expect(onStatus).toHaveBeenCalledWith('QR code copied to clipboard');
    expect(screen.queryByRole('status')).toBeNull();
    // Shown beside the buttons too (the page's line may be out of view), not announced twice.
    const note = screen.getByText('QR code copied to clipboard');
    expect(note.closest('[aria-hidden="true"]')).toBe(note);
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    render(
      <QrPanel
        text="x"
        fileBase="qr-x"
        actions={fakeActions({ copyPng: vi.fn(async () => Promise.reject(new Error('Document is not focused.'))) })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Copy QR' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Copying the QR code did not work: Document is not focused.');
  });

  it('says when the text is too long for a QR code', async () => {
    render(<QrPanel text={'x'.repeat(5000)} fileBase="qr-x" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/too long for a QR code/);
    expect(screen.queryByRole('img', { name: 'QR code' })).toBeNull();
  });
});

describe('QR style', () => {
  const kept = (start: QrStyle = DEFAULT_QR_STYLE) => {
    let current = start;
    return {
      load: vi.fn(async () => current),
      save: vi.fn(async (s: QrStyle | null) => (current = s ?? DEFAULT_QR_STYLE)),
    };
  };

  it('draws, copies and downloads in the style chosen under "Style", and keeps it', async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    const store = kept();
    render(<QrPanel text="https://sho.rt/abc" fileBase="qr-abc" actions={actions} styleSource={store.load} styleSave={store.save} />);
    await screen.findByRole('img', { name: 'QR code' });
    await user.click(screen.getByRole('button', { name: 'Style' }));
    const fg = await screen.findByLabelText('Foreground');
    fireEvent.input(fg, { target: { value: '#1f6feb' } });
    const blue = { ...DEFAULT_QR_STYLE, foreground: '#1f6feb' };
    await waitFor(() => expect(actions.svg).toHaveBeenLastCalledWith('https://sho.rt/abc', blue));
    expect(store.save).toHaveBeenCalledWith(blue);
    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(actions.downloadSvg).toHaveBeenCalledWith('https://sho.rt/abc', 'qr-abc.svg', blue);
    await user.click(screen.getByRole('button', { name: 'Reset style' }));
    await waitFor(() => expect(actions.svg).toHaveBeenLastCalledWith('https://sho.rt/abc', DEFAULT_QR_STYLE));
    expect(store.save).toHaveBeenLastCalledWith(null);
  });

  it('refuses a style scanners read badly, says why, and draws nothing of it', async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    const store = kept();
    render(<QrPanel text="https://sho.rt/abc" fileBase="qr-abc" actions={actions} styleSource={store.load} styleSave={store.save} />);
    await screen.findByRole('img', { name: 'QR code' });
    await user.click(screen.getByRole('button', { name: 'Style' }));
    fireEvent.input(await screen.findByLabelText('Foreground'), { target: { value: '#bbbbbb' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/contrast of 1\.9:1, scanners need at least 4\.5:1/);
    fireEvent.input(screen.getByLabelText('Background'), { target: { value: '#000000' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/light foreground on a dark background/));
    expect(store.save).not.toHaveBeenCalled();
    expect(actions.svg).toHaveBeenCalledTimes(1);
    expect(actions.svg).toHaveBeenCalledWith('https://sho.rt/abc', DEFAULT_QR_STYLE);
  });

  it('a logo picked while a colour is still being kept keeps the colour too', async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    const store = kept();
    const held: (() => void)[] = [];
    const save = vi.fn((s: QrStyle | null) => new Promise<QrStyle>((done) => held.push(() => done(store.save(s) as unknown as QrStyle))));
    render(<QrPanel text="https://sho.rt/abc" fileBase="qr-abc" actions={actions} styleSource={store.load} styleSave={save} />);
    await screen.findByRole('img', { name: 'QR code' });
    await user.click(screen.getByRole('button', { name: 'Style' }));
    fireEvent.input(await screen.findByLabelText('Foreground'), { target: { value: '#1f6feb' } });
    await user.upload(
      screen.getByLabelText('Logo'),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>'], 'l.svg', { type: 'image/svg+xml' }),
    );
    for (const _ of ['colour', 'logo']) {
      await waitFor(() => expect(held.length).toBeGreaterThan(0));
      held.shift()!();
    }
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    const last = await store.load();
    expect(last.foreground).toBe('#1f6feb');
    expect(last.logo).toMatchObject({ name: 'l.svg' });
    await waitFor(() =>
      expect(actions.svg).toHaveBeenLastCalledWith(
        'https://sho.rt/abc',
        expect.objectContaining({ foreground: '#1f6feb', logo: last.logo }),
      ),
    );
  });

  it('says to remove the logo when the text fits a plain code but not one with a logo (level H)', async () => {
    const logo = { dataUrl: 'data:image/png;base64,iVBORw0KGgo=', type: 'image/png' as const, bytes: 8, name: 'l.png' };
    const text = `https://example.com/?q=${'x'.repeat(1800)}`;
    render(<QrPanel text={text} fileBase="qr-x" styleSource={async () => ({ ...DEFAULT_QR_STYLE, logo })} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The QR code could not be made: the text is too long for a QR code with a logo; remove the logo.',
    );
    cleanup();
    render(<QrPanel text={text} fileBase="qr-x" styleSource={async () => DEFAULT_QR_STYLE} />);
    expect(await screen.findByRole('img', { name: 'QR code' })).toBeTruthy();
  });

  it('refuses a logo that is not an image or too large, before drawing', async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    const store = kept();
    render(<QrPanel text="https://sho.rt/abc" fileBase="qr-abc" actions={actions} styleSource={store.load} styleSave={store.save} />);
    await screen.findByRole('img', { name: 'QR code' });
    await user.click(screen.getByRole('button', { name: 'Style' }));
    const logo = await screen.findByLabelText('Logo');
    await user.upload(logo, new File(['hello'], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/only PNG, JPEG or SVG/);
    const big = new Uint8Array(150 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47]);
    await user.upload(logo, new File([big], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/the file has 150 kB, at most 100 kB/));
    await user.upload(
      logo,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>'], 'l.svg', { type: 'image/svg+xml' }),
    );
    await waitFor(() => expect(store.save).toHaveBeenCalledTimes(1));
    expect(store.save.mock.calls[0]![0]!.logo).toMatchObject({ type: 'image/svg+xml', name: 'l.svg' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('QR page', () => {
  it('shows the heading, the address as text, the QR code and its buttons', async () => {
    const url = 'https://example.com/a?b=1&c=<x>';
    render(<QrPage search={`?url=${encodeURIComponent(url)}`} />);
    expect(screen.getByRole('heading', { name: 'QR code' })).toBeTruthy();
    expect(screen.getByText(url)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code' })).toBeTruthy();
    for (const name of ['Copy QR', 'Download PNG', 'Download SVG']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('opened for a private tab (?id=), shows the address it reads, and leaves the title without it', async () => {
    const url = 'https://example.com/private-page';
    document.title = 'QR code';
    const load = vi.fn(async () => url);
    render(<QrPage search="?id=0b6f3c1e-2a4d-4c1b-9d7e-6f5a4b3c2d1e" load={load} />);
    expect(await screen.findByText(url)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code' })).toBeTruthy();
    expect(load).toHaveBeenCalledWith('0b6f3c1e-2a4d-4c1b-9d7e-6f5a4b3c2d1e');
    expect(document.title).toBe('QR code');
  });

  it('says so when no address is given', () => {
    render(<QrPage search="" />);
    expect(screen.getByRole('alert').textContent).toMatch(/No address was given/);
    expect(urlFromSearch('?url=%20%20')).toBeNull();
  });
});
