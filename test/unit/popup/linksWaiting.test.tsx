/**
 * "Links waiting" in the popup: every link of the current account still waiting to be made is
 * listed with a Cancel naming it (not only the one the popup follows), and the list follows the
 * queue as the worker tells of it over the popup's port.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { connectionStateItem, type Job } from '@/lib/storage';
import { jobView, jobViewOrNull, pendingJobView } from '@/lib/background/jobViews';
import { waitingLinksOf } from '@/lib/messaging/waitingLinks';
import { answer, callsOf, entry } from './harness';
import { clock } from '@/lib/i18n/format';
import { fakePopupPort } from '../support/popupPort';

const askMock = vi.mocked(ask);
const ONE = 'https://example.org/one';
const TWO = 'https://example.org/two';

/** A link the user was told waits, for account fp-a unless named. */
const job = (id: string, url: string, over: Partial<Job> = {}): Job =>
  ({
    id,
    kind: 'shorten',
    source: 'popup',
    args: { url, domainId: null, campaignId: null },
    state: 'pending',
    attempts: 0,
    notBefore: 0,
    createdAt: 1,
    fingerprint: 'fp-a',
    notify: true,
    toldWaiting: true,
    ...over,
  }) as Job;

const cancelled = (j: Job): Job => ({ ...j, state: 'failed', error: { kind: 'invalid-input', reason: 'cancelled', message: 'x' } });

/** The popup with account fp-a current and `jobs` waiting (the worker's answer to a popup that opens). */
async function open(jobs: Job[], cancelJob?: (jobId: string) => Job | null, tabIncognito = false) {
  const port = fakePopupPort();
  await connectionStateItem.setValue({ connected: true, fingerprint: 'fp-a', accounts: [{ fingerprint: 'fp-a', name: 'Client A' }] });
  const session = answer(askMock, {
    tabIncognito,
    waiting: { pending: [], waiting: waitingLinksOf(jobs), unsent: [] },
    ...(cancelJob ? { cancelJob: ((d: { jobId: string }) => jobViewOrNull(cancelJob(d.jobId))) as never } : {}),
  });
  render(<App />);
  return { ...session, port };
}

/** The worker writes the queue (open popups hear of it over their port). */
const tellQueue = (value: { queue: Job[] }) => act(() => fakeBrowser.storage.local.set(value));

const list = () => screen.getByRole('region', { name: 'Links waiting' });
const findList = () => screen.findByRole('region', { name: 'Links waiting' }, { timeout: 4000 });

describe('"Links waiting"', () => {
  it('lists every waiting link of the current account by its address, each with a Cancel naming it', async () => {
    await open([
      job('j1', ONE),
      job('j2', TWO, { notBefore: Date.now() + 3_600_000 }),
      job('j3', 'https://example.org/theirs', { fingerprint: 'fp-b' }),
      job('j5', 'https://example.org/private', {
        args: { url: 'https://example.org/private', domainId: null, campaignId: null, private: true },
      }),
    ]);
    const region = await findList();
    expect(within(region).getByRole('heading', { name: 'Links waiting' })).toBeTruthy();
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining(ONE), expect.stringMatching(new RegExp(`${TWO}Next try at about \\d`))]);
    const buttons = within(region).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([`Cancel ${ONE}`, `Cancel ${TWO}`]);
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'Cancel']);
    // Another account's link is not this account's to list, and a private window's is not named in a normal one.
    expect(region.textContent).not.toContain('theirs');
    expect(region.textContent).not.toContain('private');
  });

  it('Cancel of one link cancels it alone: its row goes, the other stays, and the status says which', async () => {
    const { user } = await open([job('j1', ONE), job('j2', TWO)], (id) => cancelled(job(id, id === 'j1' ? ONE : TWO)));
    await findList();
    await user.click(screen.getByRole('button', { name: `Cancel ${ONE}` }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Cancel ${ONE}` })).toBeNull());
    expect(within(list()).getByRole('button', { name: `Cancel ${TWO}` })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(`Cancelled: the link for ${ONE} was not made.`);
    expect(callsOf(askMock, 'cancelJob')).toEqual([{ jobId: 'j1' }]);
  });

  it('cancelling a link that has just been made says it is too late', async () => {
    const made = entry({ id: 'j1', longUrl: ONE, shortUrl: 'https://sho.rt/one' });
    const { user } = await open([job('j1', ONE), job('j2', TWO)], (id) => ({
      ...job(id, ONE),
      state: 'done',
      result: made,
      shortened: { shortUrl: made.shortUrl, shortCode: 'one', linkId: 1 },
    }));
    await findList();
    await user.click(screen.getByRole('button', { name: `Cancel ${ONE}` }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Too late to cancel: the link is made; it is in Recent links.'),
    );
    expect(screen.queryByText(/^Cancelled/)).toBeNull();
  });

  it('cancelling a link that is on its way to the service says it is being sent', async () => {
    const { user } = await open([job('j1', ONE), job('j2', TWO)], (id) => ({ ...job(id, ONE), state: 'sending' }));
    await findList();
    await user.click(screen.getByRole('button', { name: `Cancel ${ONE}` }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Too late to cancel: the link is being sent to the service now.'),
    );
  });

  it('follows the queue as the worker tells of it: a link added, one made, a press answered at once never listed', async () => {
    await open([job('j1', ONE)]);
    await findList();
    // Another window's press that waits, and this account's press being answered (not told it waits): one row more.
    await tellQueue({
      queue: [job('j1', ONE), job('j2', TWO), job('j4', 'https://example.org/quick', { notify: false, toldWaiting: undefined })],
    });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(list().textContent).not.toContain('quick');
    // j1 is made (it goes to Recent links): its row goes.
    await tellQueue({
      queue: [
        job('j1', ONE, { state: 'done', shortened: { shortUrl: 'https://sho.rt/one', shortCode: 'one', linkId: 1 } }),
        job('j2', TWO),
      ],
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: `Cancel ${ONE}` })).toBeNull());
    expect(within(list()).getByRole('button', { name: `Cancel ${TWO}` })).toBeTruthy();
    // The last one cancelled elsewhere: the part goes.
    await tellQueue({ queue: [cancelled(job('j2', TWO))] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Links waiting' })).toBeNull());
  });

  it("a private window's popup says so to the worker (over its port and when it asks) and lists that window's link", async () => {
    const priv = job('j5', 'https://example.org/private', {
      args: { url: 'https://example.org/private', domainId: null, campaignId: null, private: true },
    });
    const { port } = await open([job('j1', ONE), priv], undefined, true);
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(list().textContent).toContain('https://example.org/private');
    expect(callsOf(askMock, 'getWaitingLinks')).toEqual([{ private: true }]);
    expect(port.posted[0]).toEqual({ private: true });
  });

  it("a normal window's popup asks without saying its window is private, and tells its port nothing of it", async () => {
    const { port } = await open([job('j1', ONE)]);
    await findList();
    expect(callsOf(askMock, 'getWaitingLinks')).toEqual([{ private: false }]);
    expect(port.posted).not.toContainEqual({ private: true });
  });

  it('a link waiting for the rate limit says when it is expected, at the open and after the news of the queue', async () => {
    fakePopupPort();
    await connectionStateItem.setValue({ connected: true, fingerprint: 'fp-a', accounts: [{ fingerprint: 'fp-a', name: 'Client A' }] });
    const expectedAt = Date.now() + 20 * 60_000;
    const j1 = job('j1', ONE);
    answer(askMock, { waiting: { pending: [pendingJobView(j1)], waiting: [{ ...waitingLinksOf([j1])[0]!, expectedAt }], unsent: [] } });
    render(<App />);
    const time = clock(expectedAt);
    // Hours and minutes, no seconds: "At about 10:42", not "10:42:13".
    const at = new Date(expectedAt);
    expect(time).toBe(`${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`);
    // The popup follows it and says when (it was opened on another page: the link is named).
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Rate limit reached: your link for ${ONE} is queued and will be created at about ${time}. You can close this popup: it will be copied and saved in Recent links.`,
      ),
    );
    await waitFor(() => expect(within(list()).getByRole('listitem').textContent).toContain(`At about ${time} (rate limit)`));
    // The worker's news of the queue (another link added) carries no estimate: the row keeps its time.
    await tellQueue({ queue: [j1, job('j2', TWO)] });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list()).getAllByRole('listitem')[0]!.textContent).toContain(`At about ${time} (rate limit)`);
  });

  it("the link the status line speaks of has one Cancel, its row's; it is cancelled there", async () => {
    fakePopupPort();
    await connectionStateItem.setValue({ connected: true, fingerprint: 'fp-a', accounts: [{ fingerprint: 'fp-a', name: 'Client A' }] });
    const j1 = job('j1', ONE);
    const { user } = answer(askMock, {
      waiting: { pending: [pendingJobView(j1)], waiting: waitingLinksOf([j1, job('j2', TWO)]), unsent: [] },
      getJob: jobView(j1),
      cancelJob: () => jobViewOrNull(cancelled(j1)),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Your link for|^Rate limit reached: your link for/));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    // The status line names the link; its row below has the Cancel, and no second one is beside the line.
    expect(screen.getAllByRole('button', { name: /^Cancel/ }).map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      `Cancel ${ONE}`,
      `Cancel ${TWO}`,
    ]);
    await user.click(screen.getByRole('button', { name: `Cancel ${ONE}` }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Cancelled/));
    expect(callsOf(askMock, 'cancelJob')).toEqual([{ jobId: 'j1' }]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('a named link whose time has passed says it comes in a moment, still named, without repeating itself', async () => {
    fakePopupPort();
    await connectionStateItem.setValue({ connected: true, fingerprint: 'fp-a', accounts: [{ fingerprint: 'fp-a', name: 'Client A' }] });
    const j1 = job('j1', ONE);
    answer(askMock, {
      waiting: { pending: [pendingJobView(j1)], waiting: [{ ...waitingLinksOf([j1])[0]!, expectedAt: Date.now() + 1500 }], unsent: [] },
      getJob: jobView(j1),
    });
    render(<App />);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        new RegExp(`^Rate limit reached: your link for ${ONE.replace(/[./]/g, '\\$&')} is queued`),
      ),
    );
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toBe(
          `Your link for ${ONE} is queued and will be made in a moment. You can close this popup: it will be copied and saved in Recent links.`,
        ),
      { timeout: 5000 },
    );
  });

  it('a time that passed while the link still waits is asked again: the popup says the new one, not "in a moment"', async () => {
    fakePopupPort();
    await connectionStateItem.setValue({ connected: true, fingerprint: 'fp-a', accounts: [{ fingerprint: 'fp-a', name: 'Client A' }] });
    const j1 = job('j1', ONE);
    const row = waitingLinksOf([j1])[0]!;
    const { worker } = answer(askMock, {
      waiting: { pending: [pendingJobView(j1)], waiting: [{ ...row, expectedAt: Date.now() + 1500 }], unsent: [] },
      getJob: jobView(j1),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Rate limit reached: your link for/));
    // The budget was spent again meanwhile (another client of the key): the worker now expects it 20 minutes later.
    const later = Date.now() + 20 * 60_000;
    worker.waiting = { pending: [pendingJobView(j1)], waiting: [{ ...row, expectedAt: later }], unsent: [] };
    const time = clock(later);
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toBe(
          `Rate limit reached: your link for ${ONE} is queued and will be created at about ${time}. You can close this popup: it will be copied and saved in Recent links.`,
        ),
      { timeout: 8000 },
    );
    expect(within(list()).getByRole('listitem').textContent).toContain(`At about ${time} (rate limit)`);
  });

  it('asks a passed time again a few times only, and never for a link without one (no message every few seconds)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakePopupPort();
      await connectionStateItem.setValue({ connected: true, fingerprint: 'fp-a', accounts: [{ fingerprint: 'fp-a', name: 'Client A' }] });
      const timed = job('j1', ONE);
      const untimed = job('j2', TWO, { waitingSince: Date.now() });
      const rows = waitingLinksOf([timed, untimed]);
      // The worker keeps saying the same time after it has passed (the link is about to leave).
      answer(askMock, { waiting: { pending: [], waiting: [{ ...rows[0]!, expectedAt: Date.now() + 1000 }, rows[1]!], unsent: [] } });
      render(<App />);
      await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
      const opened = callsOf(askMock, 'getWaitingLinks').length;
      await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
      // At 1, 5, 15 and 45 s after the time: four questions, then none (ten minutes pass).
      expect(callsOf(askMock, 'getWaitingLinks').length - opened).toBe(4);
      expect(within(list()).getAllByRole('listitem')[0]!.textContent).toContain('In a moment (rate limit)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a time said goes once it has passed (no time in the past stays on screen); the row still says what it waits for', async () => {
    fakePopupPort();
    await connectionStateItem.setValue({ connected: true, fingerprint: 'fp-a', accounts: [{ fingerprint: 'fp-a', name: 'Client A' }] });
    const j1 = job('j1', ONE);
    answer(askMock, { waiting: { pending: [], waiting: [{ ...waitingLinksOf([j1])[0]!, expectedAt: Date.now() + 1500 }], unsent: [] } });
    render(<App />);
    await waitFor(() => expect(within(list()).getByRole('listitem').textContent).toContain('(rate limit)'));
    await waitFor(() => expect(within(list()).getByRole('listitem').textContent).not.toContain('At about'), { timeout: 5000 });
    expect(within(list()).getByRole('listitem').textContent).toBe(`${ONE}In a moment (rate limit)Cancel`);
  });
});
