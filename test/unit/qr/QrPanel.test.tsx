import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QrPanel } from '@/components/qr/QrPanel';
import { QrPage, urlFromSearch } from '@/components/qr/QrPage';
import type { QrActions } from '@/lib/ui/qrImage';

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
    expect(actions.copyPng).toHaveBeenCalledWith('https://sho.rt/abc');
    expect(screen.getByRole('status').textContent).toBe('QR code copied to clipboard');
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    expect(actions.downloadPng).toHaveBeenCalledWith('https://sho.rt/abc', 'qr-abc.png');
    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(actions.downloadSvg).toHaveBeenCalledWith('https://sho.rt/abc', 'qr-abc.svg');
    expect(screen.getByRole('status').textContent).toBe('Downloading qr-abc.svg');
  });

  it('reports through onStatus when given one', async () => {
    const user = userEvent.setup();
    const onStatus = vi.fn();
    render(<QrPanel text="x" fileBase="qr-x" actions={fakeActions()} onStatus={onStatus} />);
    await user.click(screen.getByRole('button', { name: 'Copy QR' }));
    expect(onStatus).toHaveBeenCalledWith('QR code copied to clipboard');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    render(<QrPanel text="x" fileBase="qr-x" actions={fakeActions({ copyPng: vi.fn(async () => Promise.reject(new Error('Document is not focused.'))) })} />);
    await user.click(screen.getByRole('button', { name: 'Copy QR' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Copying the QR code did not work: Document is not focused.');
  });

  it('says when the text is too long for a QR code', async () => {
    render(<QrPanel text={'x'.repeat(5000)} fileBase="qr-x" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/too long for a QR code/);
    expect(screen.queryByRole('img', { name: 'QR code' })).toBeNull();
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

  it('says so when no address is given', () => {
    render(<QrPage search="" />);
    expect(screen.getByRole('alert').textContent).toMatch(/No address was given/);
    expect(urlFromSearch('?url=%20%20')).toBeNull();
  });
});
