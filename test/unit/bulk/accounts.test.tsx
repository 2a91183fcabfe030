import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { ask, type BulkView } from '@/lib/messaging';
import App from '@/entrypoints/bulk/App';
import { createBulkStore } from '@/lib/ui/bulk/store';
import type { Campaign } from '@/lib/api';
import { answer, CAMPAIGNS, SETTINGS } from '../popup/harness';
import { fail } from '../support/fakeWorker';
import { answerConnections, summary } from '../support/fakeConnections';

const askMock = vi.mocked(ask);

const B_CAMPAIGNS: Campaign[] = [{ id: 21, name: 'B launch', public: false, rotator: null, list: null }];

/** The bulk page with Client A current and, unless `one`, Client B saved; switching to B gives B's campaigns and remembered choice. */
function world(opts: { one?: boolean; view?: BulkView | null } = {}) {
  const session = answer(askMock, { settings: { ...SETTINGS, lastCampaignId: 4 } });
  const { worker } = session;
  const a = summary({ fingerprint: 'fp-a', name: 'Client A', current: true });
  worker.connections = opts.one ? [a] : [a, summary({ fingerprint: 'fp-b', name: 'Client B' })];
  // The worker answers the other account's lists and remembered choices once it switched.
  worker.override.switchConnection = async (data) => {
    const toB = (data as { fingerprint: string }).fingerprint === 'fp-b';
    worker.answers.campaigns = toB ? B_CAMPAIGNS : CAMPAIGNS;
    worker.settings = { ...SETTINGS, lastCampaignId: toB ? 21 : 4 };
    return answerConnections(worker, 'switchConnection', data);
  };
  worker.override.getBulk = () => opts.view ?? null;
  render(<App store={createBulkStore('')} />);
  return session;
}

describe('the bulk page’s select "Account"', () => {
  it('is not there with one saved connection', async () => {
    const { worker } = world({ one: true });
    await waitFor(() => expect(worker.sent('listConnections')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveProperty('value', '4'));
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });

  it('lists the saved connections, the current one selected; switching loads that account’s campaigns and remembered choice', async () => {
    const { user, worker } = world();
    const select = await screen.findByRole('combobox', { name: 'Account' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Client A', 'Client B']);
    expect(select).toHaveProperty('value', 'fp-a');
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    await waitFor(() => expect(campaign).toHaveProperty('value', '4'));
    await user.selectOptions(select, 'Client B');
    await waitFor(() =>
      expect(
        within(campaign)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No campaign', 'B launch']),
    );
    await waitFor(() => expect(campaign).toHaveProperty('value', '21'));
    expect(worker.sent('switchConnection')).toEqual([{ fingerprint: 'fp-b' }]);
    expect(select).toHaveProperty('value', 'fp-b');
    expect(screen.getByRole('button', { name: 'Shorten all' })).toHaveProperty('disabled', false);
  });

  it('a failed switch says why and goes back', async () => {
    const { user, worker } = world();
    worker.override.switchConnection = () => {
      throw fail('unreadable', 'quota', { reason: 'storage-full' });
    };
    const select = await screen.findByRole('combobox', { name: 'Account' });
    await user.selectOptions(select, 'Client B');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The account was not changed: The browser’s storage for LinkShort is full/,
    );
    expect(select).toHaveProperty('value', 'fp-a');
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveProperty('value', '4');
  });

  it('is refused while a batch runs: disabled, with the reason beside it', async () => {
    const view: BulkView = {
      batch: {
        id: 'b1',
        createdAt: 1,
        domainId: null,
        campaignId: null,
        channelId: null,
        items: [{ url: 'https://a.example/', state: 'waiting' }],
      },
      expectedAt: [Date.now() + 60_000],
      now: Date.now(),
    };
    const { worker } = world({ view });
    const select = await screen.findByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(select).toHaveProperty('disabled', true));
    const note = screen.getByText('The account can be changed when the batch is done or cancelled.');
    expect(select.getAttribute('aria-describedby')).toBe(note.id);
    expect(worker.sent('switchConnection')).toEqual([]);
  });
});
