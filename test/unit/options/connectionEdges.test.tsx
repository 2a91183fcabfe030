/** Rough edges of the connection a new user meets: /api at the end, http://[::1], a short key behind the mask, list times. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clock } from '@/lib/i18n/format';
import { keyHint } from '@/lib/background/keyHint';
import { isGrantedInManifest, MANIFEST_HOST_PERMISSIONS } from '@/lib/links/serviceUrl';
import { withFakeWorker } from '../support/fakeWorker';
import { openOptions, section } from './setup';

const h = vi.hoisted(() => ({ request: vi.fn(async () => true) }));
vi.mock('wxt/browser', () => ({ browser: { permissions: { request: () => h.request() } } }));

const worker = withFakeWorker();
beforeEach(() => {
  h.request.mockClear();
});

async function fillAndSave(user: ReturnType<typeof openOptions>['user'], url: string, key: string) {
  const urlField = await screen.findByLabelText('Service URL');
  await user.clear(urlField);
  await user.type(urlField, url);
  await user.type(screen.getByLabelText('API key'), key);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('connection edges', () => {
  it('a Service URL ending with /api is refused with the base address to use', async () => {
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'https://links.example.com/api/', 'key-123456');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Use the service’s base address, without /api at the end: https://links.example.com',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Service URL'));
    expect(worker.sent('saveConnection')).toEqual([]);
  });

  it('the status says what is saved while another address is typed', async () => {
    const { user } = openOptions();
    const status = await waitFor(() => screen.getByRole('status'));
    await waitFor(() => expect(status.textContent).toContain('Connected'));
    const urlField = screen.getByLabelText('Service URL');
    await user.clear(urlField);
    await user.type(urlField, 'https://other.example.com');
    expect(status.textContent).toContain('http://127.0.0.1:8787');
    expect(status.textContent).toContain('The address typed above is not saved: this is the saved connection.');
  });

  it('http://[::1]:PORT is granted like 127.0.0.1: saved without asking for a permission', async () => {
    expect(MANIFEST_HOST_PERMISSIONS).toContain('http://[::1]/*');
    expect(isGrantedInManifest('http://[::1]:8787')).toBe(true);
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'http://[[::1]:8787', 'key-123456'); // [[ types one [
    await waitFor(() => expect(worker.sent('saveConnection')).toEqual([{ serviceUrl: 'http://[::1]:8787', apiKey: 'key-123456' }]));
    expect(h.request).not.toHaveBeenCalled();
  });

  it('http://app.localhost:PORT, which the browser cannot grant, is refused plainly before anything is asked', async () => {
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'http://app.localhost:8787', 'key-123456');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Plain http:\/\/ works only with localhost, 127\.0\.0\.1 or \[::1\]/);
    expect(alert.textContent).not.toMatch(/refused/);
    expect(document.activeElement).toBe(screen.getByLabelText('Service URL'));
    expect(h.request).not.toHaveBeenCalled();
    expect(worker.sent('saveConnection')).toEqual([]);
  });

  it('https://app.localhost:PORT can be granted: the permission is asked for on Save', async () => {
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'https://app.localhost:8443', 'key-123456');
    await waitFor(() =>
      expect(worker.sent('saveConnection')).toEqual([{ serviceUrl: 'https://app.localhost:8443', apiKey: 'key-123456' }]),
    );
    expect(h.request).toHaveBeenCalledTimes(1);
  });

  it('a short key is never shown whole: at most its last 4 characters and never more than half', () => {
    expect(keyHint('demo-key-0123456789')).toBe('6789');
    expect(keyHint('abcd')).toBe('cd');
    expect(keyHint('abc')).toBe('c');
    expect(keyHint('a')).toBe('');
    for (let n = 1; n <= 12; n++) {
      const hint = keyHint('k'.repeat(n));
      expect(hint.length).toBeLessThanOrEqual(Math.min(4, n / 2));
    }
  });

  it('a key with an empty hint is still a saved key', async () => {
    worker.connection = { connected: true, serviceUrl: 'http://127.0.0.1:8787', keyHint: '' };
    openOptions();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Forget key' })).toBeTruthy());
  });

  it('lists say when they were updated in the one 24-hour format', async () => {
    openOptions();
    const region = await section('Splash pages');
    await waitFor(() => expect(region.textContent).toContain(`updated ${clock(1_700_000_000_000)}`));
    expect(region.textContent).not.toMatch(/\b(AM|PM)\b/);
  });
});
