// Recent links drawn from the stored head before the worker answers with the whole list.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { answer, entry } from './harness';
import { fakePopupPort } from '../support/popupPort';

const askMock = vi.mocked(ask);
const mine = (id: string) => entry({ id, shortUrl: `https://sho.rt/${id}`, shortCode: id, account: 'fp-mine' });
const theirs = (id: string) => entry({ id, shortUrl: `https://sho.rt/${id}`, shortCode: id, account: 'fp-other' });
const recent = () => screen.getByRole('region', { name: 'Recent links' });

// jsdom lays nothing out: the end of the list is far below the visible part, and stays there (no observer reports).
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ top: 10_000, bottom: 10_000, left: 0, right: 0, width: 0, height: 0, x: 0, y: 10_000, toJSON: () => ({}) }) as DOMRect,
  );
  return () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  };
});

/** A popup whose worker has not answered getHistory yet (`release` answers it with `whole`). */
async function openWithHead(head: unknown, whole = [mine('a'), mine('b')]) {
  fakePopupPort();
  await fakeBrowser.storage.local.set({ connectionState: { connected: true, fingerprint: 'fp-mine' }, recentHead: head });
  let release = () => {};
  const { user, worker } = answer(askMock, { history: whole });
  worker.override.getHistory = () => new Promise((r) => (release = () => r(whole)));
  render(<App />);
  const asked = () => askMock.mock.calls.filter(([name]) => name === 'getHistory').length;
  /** Focuses "Search recent links", as a user about to search does: the whole list is asked for then. */
  const focusSearch = async () => {
    await waitFor(() => expect(within(recent()).getByRole('searchbox')).toBeTruthy());
    await user.click(within(recent()).getByRole('searchbox'));
    await waitFor(() => expect(asked()).toBe(1));
  };
  return { user, release: () => release(), asked, focusSearch };
}

describe('Recent links from the stored head', () => {
  it('shows this account’s newest links without asking the worker, and the whole list once the search is focused', async () => {
    const { release, asked, focusSearch } = await openWithHead({ entries: [theirs('x'), mine('a')], total: 40 }, [mine('a'), mine('b')]);
    await waitFor(() =>
      expect(
        within(recent())
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['https://sho.rt/a']),
    );
    // The list says it holds only the newest (assistive technology waits), and the whole list (1.6 MB
    // with 5,000 links) is not sent to every popup that opens: only to one whose user searches.
    expect(within(recent()).getByRole('list').getAttribute('aria-busy')).toBe('true');
    expect(asked()).toBe(0);
    await focusSearch();
    release();
    await waitFor(() =>
      expect(
        within(recent())
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['https://sho.rt/a', 'https://sho.rt/b']),
    );
    expect(within(recent()).getByRole('list').getAttribute('aria-busy')).toBeNull();
  });

  it('a popup opened before the worker wrote the connection state asks again for the account it then shows (the first answer is dropped)', async () => {
    fakePopupPort();
    // The state of another account stored, no head yet (as before the worker's first write).
    await fakeBrowser.storage.local.remove('recentHead');
    await fakeBrowser.storage.local.set({ connectionState: { connected: true, fingerprint: 'fp-old' } });
    const whole = [mine('a')];
    const { worker } = answer(askMock, { history: whole });
    const releases: (() => void)[] = [];
    worker.override.getHistory = () => new Promise((r) => releases.push(() => r(whole)));
    const asked = () => askMock.mock.calls.filter(([name]) => name === 'getHistory').length;
    render(<App />);
    await waitFor(() => expect(asked()).toBe(1));
    // The worker writes the current account's state: the popup shows that account, whose list is asked for.
    await act(() => fakeBrowser.storage.local.set({ connectionState: { connected: true, fingerprint: 'fp-mine', accounts: [] } }));
    await waitFor(() => expect(asked()).toBe(2));
    act(() => releases.forEach((r) => r()));
    await waitFor(() =>
      expect(
        within(recent())
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['https://sho.rt/a']),
    );
    expect(within(recent()).queryByText('Loading…')).toBeNull();
  });

  it('says "No links yet" from a complete head with none of this account’s', async () => {
    await openWithHead({ entries: [theirs('x')], total: 1 }, []);
    await waitFor(() => expect(within(recent()).getByText(/No links yet/)).toBeTruthy());
  });

  it('waits for the worker when the head cannot tell (none of this account’s among the newest of a longer list), and a search finds nothing only in the whole list', async () => {
    const { release, asked } = await openWithHead({ entries: [theirs('x')], total: 500 });
    await waitFor(() => expect(within(recent()).getByText('Loading…')).toBeTruthy());
    expect(within(recent()).queryByText(/No links yet/)).toBeNull();
    await waitFor(() => expect(asked()).toBe(1)); // asked at the open: the head shows nothing
    release();
    await waitFor(() => expect(within(recent()).getAllByRole('link')).toHaveLength(2));
  });

  it('while only the head is known, a search without a match says Loading, not "no match"', async () => {
    const { user } = await openWithHead({ entries: [mine('a')], total: 40 });
    await waitFor(() => expect(within(recent()).getAllByRole('link')).toHaveLength(1));
    await user.type(within(recent()).getByRole('searchbox'), 'zzz');
    await waitFor(() => expect(within(recent()).getByText('Loading…')).toBeTruthy());
    expect(within(recent()).queryByText(/No recent link matches/)).toBeNull();
  });

  it('an open popup shows links made elsewhere as the worker stores them, and drops one deleted elsewhere', async () => {
    // Fewer links than the list draws at first (RECENT_FIRST): every one of them is drawn.
    const older = Array.from({ length: 5 }, (_, i) => mine(`o${i}`));
    const { release, focusSearch } = await openWithHead({ entries: [theirs('x'), ...older.slice(0, 3)], total: 40 }, older);
    await waitFor(() => expect(within(recent()).getAllByRole('link')).toHaveLength(3));
    await focusSearch();
    release();
    await waitFor(() => expect(within(recent()).getAllByRole('link')).toHaveLength(5));
    askMock.mockClear();
    // Made by the worker (the links not sent, the menu): a new head, the rest of the list unchanged.
    await fakeBrowser.storage.local.set({ recentHead: { entries: [mine('new'), theirs('t'), ...older.slice(0, 2)], total: 42 } });
    await waitFor(() => expect(within(recent()).getAllByRole('link')[0]!.textContent).toBe('https://sho.rt/new'));
    expect(within(recent()).getAllByRole('link')).toHaveLength(6);
    // Answered from the head: the whole list was not asked for again.
    expect(askMock.mock.calls.filter(([name]) => name === 'getHistory')).toEqual([]);
    // Deleted in another window.
    await fakeBrowser.storage.local.set({ recentHead: { entries: [theirs('t'), ...older.slice(0, 2)], total: 41 } });
    await waitFor(() => expect(within(recent()).queryByText('https://sho.rt/new')).toBeNull());
    expect(within(recent()).getAllByRole('link')).toHaveLength(5);
  });

  it('asks for the whole list when the new head does not reach back to a shown link', async () => {
    const { release, focusSearch } = await openWithHead({ entries: [mine('a'), mine('b')], total: 40 }, [mine('a'), mine('b'), mine('c')]);
    await waitFor(() => expect(within(recent()).getAllByRole('link')).toHaveLength(2));
    await focusSearch();
    release();
    await waitFor(() => expect(within(recent()).getAllByRole('link')).toHaveLength(3));
    const many = Array.from({ length: 30 }, (_, i) => mine(`n${i}`));
    askMock.mockClear();
    await fakeBrowser.storage.local.set({ recentHead: { entries: many, total: 70 } });
    await waitFor(() => expect(askMock.mock.calls.some(([name]) => name === 'getHistory')).toBe(true));
  });
});
