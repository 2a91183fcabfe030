import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, withFakeWorker } from '../support/fakeWorker';
import { openOptions, section, sectionHeadings, within } from './setup';

const h = vi.hoisted(() => ({ request: vi.fn<(p: { origins: string[] }) => Promise<boolean>>() }));
vi.mock('wxt/browser', () => ({ browser: { permissions: { request: (p: { origins: string[] }) => h.request(p) } } }));

const worker = withFakeWorker();
beforeEach(() => {
  h.request.mockReset();
  h.request.mockImplementation(async (p) => {
    worker.calls.push({ type: 'permissions.request', data: p });
    return true;
  });
});

async function fillAndSave(user: ReturnType<typeof openOptions>['user'], url: string, key: string) {
  const urlField = await screen.findByLabelText('Service URL');
  await user.clear(urlField);
  await user.type(urlField, url);
  const keyField = screen.getByLabelText('API key');
  await user.clear(keyField);
  if (key) await user.type(keyField, key);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('Connection', () => {
  it('saves a good key: status Connected with the account, the key field emptied and masked', async () => {
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'http://127.0.0.1:8787', 'secret-key-wxyz');

    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Connected'));
    expect(status.textContent).toContain('demo@example.com');
    expect(status.textContent).toContain('demo');
    expect(status.textContent).toContain('Pro');
    expect(status.textContent).toContain('Jan 1, 2030');
    expect(worker.sent('saveConnection')).toEqual([{ serviceUrl: 'http://127.0.0.1:8787', apiKey: 'secret-key-wxyz' }]);
    // Loopback: no host permission is needed.
    expect(h.request).not.toHaveBeenCalled();

    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(screen.getByText('••••wxyz')).toBeTruthy();
    expect(document.body.textContent).not.toContain('secret-key-wxyz');
    expect(screen.getByRole('button', { name: 'Replace key' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forget key' })).toBeTruthy();
    // The account's sections appear.
    await section('Channels');
    await section('QR codes');
  });

  it('a rejected key gives an alert that mentions the API key', async () => {
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'http://127.0.0.1:8787', 'bad-key');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('API key');
    expect(alert.textContent).toContain('rejected');
    expect(screen.getByRole('status').textContent).not.toContain('Connected');
  });

  it('refuses a non-loopback http:// URL before any message is sent', async () => {
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'http://links.example.com', 'secret-key-wxyz');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Use https:// — over http the API key would travel in clear text');
    expect(worker.sent('saveConnection')).toEqual([]);
    expect(h.request).not.toHaveBeenCalled();
  });

  it('asks for host permission of an https origin first, then saves', async () => {
    worker.disconnected();
    const { user } = openOptions();
    await fillAndSave(user, 'https://links.example.com/', 'secret-key-wxyz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Connected'));
    expect(h.request).toHaveBeenCalledWith({ origins: ['https://links.example.com/*'] });
    const order = worker.calls.map((c) => c.type).filter((t) => t === 'permissions.request' || t === 'saveConnection');
    expect(order).toEqual(['permissions.request', 'saveConnection']);
    expect(worker.sent('saveConnection')).toEqual([{ serviceUrl: 'https://links.example.com', apiKey: 'secret-key-wxyz' }]);
  });

  it('a refused permission is explained and nothing is sent', async () => {
    worker.disconnected();
    h.request.mockResolvedValue(false);
    const { user } = openOptions();
    await fillAndSave(user, 'https://links.example.com', 'secret-key-wxyz');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Permission to reach https://links.example.com was refused; the extension cannot talk to the service without it.',
    );
    expect(worker.sent('saveConnection')).toEqual([]);
  });

  it('an unreachable service is named', async () => {
    worker.disconnected();
    worker.override.saveConnection = () => {
      throw fail('network', 'The service could not be reached.');
    };
    const { user } = openOptions();
    await fillAndSave(user, 'http://localhost:9', 'secret-key-wxyz');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service at http://localhost:9 could not be reached');
  });

  it('keeps the saved key for the same URL, and asks for it again when the URL changes', async () => {
    const { user } = openOptions();
    const url = (await screen.findByLabelText('Service URL')) as HTMLInputElement;
    expect(url.value).toBe('http://127.0.0.1:8787');
    expect(screen.getByText('••••abcd')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(worker.sent('saveConnection')).toEqual([{ serviceUrl: 'http://127.0.0.1:8787' }]));

    await fillAndSave(user, 'http://localhost:8788', '');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('API key');
    expect(worker.sent('saveConnection')).toHaveLength(1);
    expect(screen.getByLabelText('API key').getAttribute('aria-required')).toBe('true');
  });

  it('Forget key forgets it and hides the account sections', async () => {
    const { user } = openOptions();
    await section('Channels');
    await user.click(screen.getByRole('button', { name: 'Forget key' }));
    // Asked first, inline, as deletions are.
    expect(screen.getByText('Forget the saved API key? The account’s lists leave this page until a key is saved again.')).toBeTruthy();
    expect(worker.sent('forgetKey')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(worker.sent('forgetKey')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget key' }));
    // Escape cancels the question too.
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Yes, forget key' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forget key' }));
    expect(worker.sent('forgetKey')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Forget key' }));
    await user.click(screen.getByRole('button', { name: 'Yes, forget key' }));
    await waitFor(() => expect(worker.sent('forgetKey')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('••••abcd')).toBeNull());
    expect(sectionHeadings()).toEqual(['Connection', 'Preferences']);
  });

  it('a saved key the service now rejects is not called connected', async () => {
    worker.override.getAccount = () => {
      throw fail('bad-key', 'Unauthorized');
    };
    openOptions();
    const account = await section('Account');
    expect((await within(account).findByRole('alert')).textContent).toContain('API key');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('could not be read'));
    expect(screen.getByRole('status').textContent).not.toContain('Connected');
  });

  it('a key revoked after the account was read: the status says the key is refused, the message once', async () => {
    const { user } = openOptions();
    const account = await section('Account');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Connected'));
    worker.override.getAccount = () => {
      throw fail('bad-key', 'A valid API key is required to use this service.', { status: 403 });
    };
    await user.click(within(account).getByRole('button', { name: 'Refresh account' }));
    expect((await within(account).findByRole('alert')).textContent).toBe(
      'The API key was rejected by the service. Check the API key. (see Connection)',
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('the service refuses the API key'));
    expect(screen.getByRole('status').textContent).not.toContain('Connected');
  });

  it('when not connected shows only Connection and Preferences, with a hint', async () => {
    worker.disconnected();
    openOptions();
    await section('Connection');
    expect(sectionHeadings()).toEqual(['Connection', 'Preferences']);
    expect(screen.getByText(/Save a service URL and an API key/)).toBeTruthy();
    expect(worker.sent('getList')).toEqual([]);
  });

  it('when connected shows every section heading and loads each list from the cache', async () => {
    openOptions();
    await section('Splash pages');
    expect(sectionHeadings()).toEqual([
      'Connection',
      'Account',
      'Channels',
      'Pixels',
      'Domains',
      'Campaigns',
      'UTM presets',
      'Site rules',
      'QR codes',
      'CTA overlays',
      'Splash pages',
      'Preferences',
    ]);
    await waitFor(() => expect(worker.sent('getList')).toHaveLength(7));
    expect(worker.sent('getList').every((d) => !(d as { refresh?: boolean }).refresh)).toBe(true);
    const status = screen.getByRole('status');
    await waitFor(() => expect(within(status).getByText('demo@example.com')).toBeTruthy());
  });
});
