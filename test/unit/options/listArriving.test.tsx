/**
 * A long list first loaded on the options page: the worker tells of its beginning while its
 * other pages are on the way, and the page shows it at once ("Loading… 100 of 1,000"), first page
 * first; the whole list replaces it when it comes. Another account's news is not shown.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Campaign } from '@/lib/api';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
const campaigns = (n: number): Campaign[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Campaign ${i + 1}`, public: false }) as Campaign);
const tell = (account: string, items: Campaign[], total: number | null) =>
  fakeBrowser.runtime.onMessage.trigger({ listArriving: { name: 'campaigns', account, items, total } }, {} as never, () => undefined);

describe('a long list arriving on the options page', () => {
  it('shows the beginning as it comes, then the whole list; ignores another account', async () => {
    worker.connection = { ...worker.connection, fingerprint: 'fp-shown' };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    worker.override.getList = async (d) => {
      const { name } = d as { name: string };
      if (name === 'campaigns') await held;
      return { value: name === 'campaigns' ? campaigns(1000) : [], fetchedAt: 1, stale: false };
    };
    openOptions();
    const box = await section('Campaigns');
    await within(box).findByText('Loading…');
    await tell('fp-other', campaigns(300), 1000);
    await tell('fp-shown', campaigns(100), 1000);
    await within(box).findByText('Loading… 100 of 1,000');
    expect(
      within(box)
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.includes('Campaign ')).length,
    ).toBe(50);
    expect(within(box).getByText('Campaign 1')).toBeTruthy();
    await tell('fp-shown', campaigns(300), null);
    await within(box).findByText('Loading… 300 so far');
    release();
    await waitFor(() => expect(box.querySelector('[aria-live="polite"]')?.textContent).toMatch(/^1,000 campaigns/), { timeout: 5000 });
    // News after the whole list came changes nothing.
    await tell('fp-shown', campaigns(100), 1000);
    await waitFor(() => expect(within(box).getByText(/^1,000 campaigns/)).toBeTruthy());
    expect(screen.queryByText(/Loading… 100 of/)).toBeNull();
  });
});
