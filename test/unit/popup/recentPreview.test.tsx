// Recent links drawn by the popup's first script from their stored head, before the code that
// draws them with their buttons (here: never, as on a machine busy opening the popup).
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { answer, entry } from './harness';
import { fakePopupPort } from '../support/popupPort';

vi.mock('@/components/popup/RecentLinksBody', () => new Promise(() => {}));

const askMock = vi.mocked(ask);
const mine = (id: string) =>
  entry({ id, shortUrl: `https://sho.rt/${id}`, longUrl: `https://example.org/${id}`, shortCode: id, account: 'fp-mine' });
const theirs = (id: string) => entry({ id, shortUrl: `https://sho.rt/${id}`, shortCode: id, account: 'fp-other' });
const recent = () => screen.getByRole('region', { name: 'Recent links' });

async function openWithHead(head: unknown) {
  fakePopupPort();
  await fakeBrowser.storage.local.set({ connectionState: { connected: true, fingerprint: 'fp-mine' }, recentHead: head });
  answer(askMock, { history: [] });
  render(<App />);
}

describe('Recent links before their buttons', () => {
  it('shows this account’s newest links, each with its long address, as a list still being filled', async () => {
    await openWithHead({ entries: [mine('a'), theirs('x'), mine('b')], total: 40 });
    await waitFor(() => expect(within(recent()).getAllByRole('listitem')).toHaveLength(2));
    const items = within(recent())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['https://sho.rt/ahttps://example.org/a', 'https://sho.rt/bhttps://example.org/b']);
    expect(within(recent()).getByRole('list').getAttribute('aria-busy')).toBe('true');
    expect(within(recent()).queryByText('Loading…')).toBeNull();
    // The buttons and the search box come with the later code.
    expect(within(recent()).queryByRole('button')).toBeNull();
    expect(within(recent()).queryByRole('searchbox')).toBeNull();
  });

  it('draws at most the six a popup shows below its form', async () => {
    await openWithHead({ entries: Array.from({ length: 30 }, (_, i) => mine(`n${i}`)), total: 5000 });
    await waitFor(() => expect(within(recent()).getAllByRole('listitem')).toHaveLength(6));
  });

  it('says "No links yet" from a complete head with none of this account’s', async () => {
    await openWithHead({ entries: [theirs('x')], total: 1 });
    await waitFor(() => expect(within(recent()).getByText(/No links yet/)).toBeTruthy());
  });

  it('does not draw a damaged head: the worker is asked, and its answer is drawn', async () => {
    fakePopupPort();
    await fakeBrowser.storage.local.set({
      connectionState: { connected: true, fingerprint: 'fp-mine' },
      recentHead: { entries: [{ id: 'a', shortUrl: { not: 'text' } }], total: 3 },
    });
    answer(askMock, { history: [mine('w')] });
    render(<App />);
    await waitFor(() =>
      expect(
        within(recent())
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['https://sho.rt/whttps://example.org/w']),
    );
    expect(askMock.mock.calls.filter(([name]) => name === 'getHistory')).toHaveLength(1);
  });
});
