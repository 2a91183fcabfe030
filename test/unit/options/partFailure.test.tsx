/**
 * A part of the options page that fails says so in its place, and the rest of the page keeps
 * working; the page opened for a tracked QR code's statistics survives another account becoming
 * current in a browser whose scrollIntoView answers a Promise (Chromium 150).
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT, SERVICE } from '../support/fakeWorker';
import { summary } from '../support/fakeConnections';
import { openOptions, section, withOptionsWorker, within } from './setup';

const broken = vi.hoisted(() => ({ domains: false }));
vi.mock('@/components/options/DomainsSection', async (load) => {
  const real = await load<typeof import('@/components/options/DomainsSection')>();
  return {
    DomainsSection: () => {
      if (broken.domains) throw new Error('drawing failed');
      return real.DomainsSection();
    },
  };
});

const SENTENCE = 'This part could not be shown: an error stopped it; try again, or reload the page.';
const worker = withOptionsWorker();
const MENU = { id: 11, link: 'https://sho.rt/qr/11', scans: 42, name: 'Menu card', date: '2025-02-01 12:00:00' };

beforeEach(() => {
  worker.lists.channels = [{ id: 1, name: 'Work channel', description: '', color: '', starred: false }];
  worker.lists.domains = [{ id: 5, domain: 'https://go.brand.example', redirectroot: '', redirect404: '' }];
  worker.lists.qrs = [MENU];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  broken.domains = false;
  window.location.hash = '';
});

describe('a part of the options page that fails', () => {
  it('says so in one sentence in its section, with Try again; the other sections keep working', async () => {
    broken.domains = true;
    const { user } = openOptions();
    const domains = await section('Domains');
    expect((await within(domains).findByRole('alert')).textContent).toBe(SENTENCE);
    expect(within(domains).getByRole('button', { name: 'Reload page' })).toBeTruthy();
    // The rest of the page: its sections, their lists and forms.
    await within(await section('Channels')).findByText('Work channel');
    await within(await section('QR codes')).findByText('Menu card');
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    broken.domains = false;
    await user.click(within(domains).getByRole('button', { name: 'Try again' }));
    await within(await section('Domains')).findByText('https://go.brand.example');
    expect(screen.queryByText(SENTENCE)).toBeNull();
  });
});

describe("the page opened for a QR code's statistics (#qr-stats-<id>)", () => {
  beforeEach(() => {
    worker.connection = { ...worker.connection, name: 'Work' };
    worker.connections = [
      summary({ fingerprint: 'fp-work', name: 'Work', serviceUrl: SERVICE, keyHint: 'abcd', current: true }),
      summary({ fingerprint: 'fp-client', name: 'Client A', serviceUrl: 'https://client.example.com', keyHint: 'wxyz' }),
    ];
    worker.worlds = {
      'fp-client': {
        account: { ...ACCOUNT, id: 2, email: 'client@example.com', username: 'client' },
        lists: {
          channels: [{ id: 2, name: 'Client channel', description: '', color: '', starred: false }],
          pixels: [],
          domains: [],
          campaigns: [],
          qrs: [],
          overlays: [],
          splash: [],
        },
      },
    };
  });

  it('keeps the page when another account becomes current, where scrollIntoView answers a Promise', async () => {
    // As Chromium 150 does: a value React would take for the effect's cleanup if it were returned.
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => Promise.resolve() as never);
    window.location.hash = '#qr-stats-11';
    const { user } = openOptions();
    await screen.findByRole('region', { name: 'Statistics of QR code Menu card' });
    await within(await section('Channels')).findByText('Work channel');
    const connections = await section('Connections');
    const client = await waitFor(() => within(connections).getByText('Client A', { selector: '.name' }).closest('li') as HTMLElement);
    await user.click(within(client).getByRole('button', { name: 'Use' }));

    await within(await section('Channels')).findByText('Client channel');
    await section('QR codes');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText(SENTENCE)).toBeNull();
  });
});
