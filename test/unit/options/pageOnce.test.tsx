import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, manyChannels } from '../support/fakeWorker';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();

const UNREACHABLE = 'The service could not be reached. Check your connection and the service URL.';

describe('The options page says a thing once', () => {
  it('the service out of reach (account from the cache, every list failing): the connection box says so, once; the sections only that they are not loaded', async () => {
    worker.override.getList = () => {
      throw fail('network', 'fetch failed');
    };
    openOptions();
    const channels = await section('Channels');
    await within(channels).findByText('Could not be loaded (see Connection).');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Saved for http://127.0.0.1:8787. ${UNREACHABLE}`));
    expect(screen.getByRole('status').textContent).not.toContain('Connected');
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([`Saved for http://127.0.0.1:8787. ${UNREACHABLE}`]);
    for (const name of ['Pixels', 'Domains', 'Campaigns', 'QR codes', 'CTA overlays', 'Splash pages'])
      expect(within(await section(name)).getByText('Could not be loaded (see Connection).')).toBeTruthy();
  });

  it('a list shown from before that cannot be updated says "not updated", keeping its items', async () => {
    worker.lists.channels = manyChannels(3);
    const { user } = openOptions();
    const channels = await section('Channels');
    await within(channels).findByText('Channel 3');
    worker.override.getList = () => {
      throw fail('timeout', 'timed out');
    };
    await user.click(within(channels).getByRole('button', { name: 'Refresh channels' }));
    await within(channels).findByText('Could not be updated (see Connection).');
    expect(within(channels).getByText('Channel 3')).toBeTruthy();
    expect(within(channels).queryByRole('alert')).toBeNull();
  });

  it('a list refused for its own reason still says why, in its section', async () => {
    worker.override.getList = (d) => {
      if ((d as { name: string }).name === 'pixels') throw fail('server', 'boom', { status: 500 });
      return { value: [], fetchedAt: 1, stale: false };
    };
    openOptions();
    const pixels = await section('Pixels');
    expect((await within(pixels).findByRole('alert')).textContent).not.toBe('');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Connected'));
  });

  it('the saved key is shown once (masked), and a long list has no empty live region per item', async () => {
    worker.lists.channels = manyChannels(50);
    openOptions();
    const channels = await section('Channels');
    await within(channels).findByText('Channel 50');
    expect(screen.getAllByText(/abcd/).map((e) => e.textContent)).toEqual(['••••abcd']);
    const live = channels.querySelectorAll('[role="status"], [role="alert"], [aria-live]');
    expect(live.length).toBeLessThanOrEqual(3);
    expect(document.querySelectorAll('[role="status"]').length).toBe(1); // the connection box
  });
});
