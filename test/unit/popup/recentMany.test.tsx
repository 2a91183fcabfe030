// Thousands of Recent links: only a batch near the visible part is drawn, search reaches any of them,
// and what the worker had to reset in storage is said once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { RECENT_BATCH, RECENT_FIRST } from '@/components/popup/RecentLinkList';
import { answer, entry } from './harness';

vi.mock('@/lib/messaging', () => ({ ask: vi.fn() }));
const askMock = vi.mocked(ask);

/** An IntersectionObserver the test drives: `reach()` tells every watcher that the end of the list is in reach. */
const watchers = new Set<(seen: { isIntersecting: boolean }[]) => void>();
class FakeObserver {
  constructor(private readonly cb: (seen: { isIntersecting: boolean }[]) => void) {}
  observe() {
    watchers.add(this.cb);
  }
  disconnect() {
    watchers.delete(this.cb);
  }
}
const reach = () => act(() => [...watchers].forEach((cb) => cb([{ isIntersecting: true }])));

/** Where the end of the drawn links is (jsdom lays nothing out): far below the visible part unless a test says. */
const endAt = { top: 10_000 };

beforeEach(() => {
  askMock.mockReset();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  endAt.top = 10_000;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({ top: endAt.top, bottom: endAt.top, left: 0, right: 0, width: 0, height: 0, x: 0, y: endAt.top, toJSON: () => ({}) }) as DOMRect,
  );
});
afterEach(() => {
  cleanup();
  watchers.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MANY = Array.from({ length: 5000 }, (_, i) =>
  entry({
    id: `e${i}`,
    longUrl: `https://example.org/page-${i}`,
    shortUrl: `https://sho.rt/c${i}`,
    shortCode: `c${i}`,
    title: i === 4321 ? 'Quarterly Report' : undefined,
  }),
);
const items = () => within(screen.getByRole('region', { name: 'Recent links' })).queryAllByRole('listitem');

describe('Recent links with 5,000 links', () => {
  it('an end already in reach when a batch is drawn brings the next one at once, without waiting for the observer', async () => {
    endAt.top = 100; // a tall window: the end of the first ten is in view
    answer(askMock, { history: MANY.slice(0, 45) });
    render(<App />);
    await waitFor(() => expect(items()).toHaveLength(45), { timeout: 20_000 });
    expect(watchers.size).toBe(0);
  });

  it('draws the first few, a batch more each time the end comes in reach, and search finds the oldest', async () => {
    const { user } = answer(askMock, { history: MANY });
    render(<App />);
    await waitFor(() => expect(items()).toHaveLength(RECENT_FIRST), { timeout: 20_000 });
    await reach();
    await waitFor(() => expect(items()).toHaveLength(RECENT_FIRST + RECENT_BATCH));
    await reach();
    await waitFor(() => expect(items()).toHaveLength(RECENT_FIRST + 2 * RECENT_BATCH));
    const search = screen.getByRole('searchbox', { name: 'Search recent links' });
    await user.type(search, 'page-4999');
    expect(items().map((li) => within(li).getByRole('link').textContent)).toEqual(['https://sho.rt/c4999']);
    await user.clear(search);
    await user.type(search, 'quarterly');
    expect(items().map((li) => within(li).getByRole('link').textContent)).toEqual(['https://sho.rt/c4321']);
    // A search matching many starts again with the first few.
    await user.clear(search);
    await user.type(search, 'page-1');
    expect(items()).toHaveLength(RECENT_FIRST);
    expect(screen.getByRole('list', { name: /of 5000/ })).toBeTruthy();
  }, 30_000); // typing into a page of 5,000 links on a busy machine

  it('with only the stored head shown, asks for the whole list once its end is scrolled to, not at the open', async () => {
    const mine = MANY.map((e) => ({ ...e, account: 'fp-mine' }));
    await fakeBrowser.storage.local.set({
      connectionState: { connected: true, fingerprint: 'fp-mine' },
      recentHead: { entries: mine.slice(0, 30), total: 5000 },
    });
    answer(askMock, { history: mine });
    const asked = () => askMock.mock.calls.filter(([name]) => name === 'getHistory').length;
    render(<App />);
    await waitFor(() => expect(items()).toHaveLength(RECENT_FIRST), { timeout: 20_000 });
    await reach();
    await waitFor(() => expect(items()).toHaveLength(30)); // the whole head
    expect(asked()).toBe(0);
    await reach(); // its end scrolled into view
    await waitFor(() => expect(asked()).toBe(1));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Recent links' }).querySelector('ul')!.getAttribute('aria-busy')).toBeNull(),
    );
    await reach();
    await waitFor(() => expect(items().length).toBeGreaterThan(30)); // the older links, drawn as the list goes on
    expect(asked()).toBe(1);
  }, 30_000);

  it('says once what stored data had to be reset', async () => {
    answer(askMock, { storageNotices: ['history', 'settings'] });
    render(<App />);
    await waitFor(() => expect(screen.getByText(/Some Recent links could not be read and were removed/)).toBeTruthy(), { timeout: 20_000 });
    expect(screen.getByText('Some preferences could not be read and were set back to their defaults.')).toBeTruthy();
  });
});
