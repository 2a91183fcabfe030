import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import type { Job, UnsentLink } from '@/lib/storage';
import { pendingJobView } from '@/lib/background/jobViews';
import type { PendingJob } from '@/lib/messaging/jobView';
import { answer, callsOf, entry } from './harness';

const askMock = vi.mocked(ask);

/** The popup's port to the worker: what it posts is recorded. */
function fakePort() {
  const posted: unknown[] = [];
  const port = {
    postMessage: (m: unknown) => posted.push(m),
    onDisconnect: { addListener: () => {} },
    onMessage: { addListener: () => {} },
  };
  vi.spyOn(browser.runtime, 'connect').mockReturnValue(port as never);
  return posted;
}

/** A popup's link as the worker hands it (built as stored, then as a page sees it). */
const job = (over: Partial<Job>): PendingJob =>
  pendingJobView({
    id: 'j1',
    kind: 'shorten',
    source: 'popup',
    args: { url: 'https://example.org/slow', domainId: null, campaignId: null },
    state: 'pending',
    attempts: 0,
    notBefore: 0,
    createdAt: 1,
    fingerprint: 'f',
    notify: true,
    ...over,
  } as Job);

const unsent = (id: string, url: string): UnsentLink => ({
  id,
  args: { url, domainId: null, campaignId: null },
  createdAt: 1,
  announced: true,
});

describe('a link still being made when the popup opens', () => {
  it('when it is made while the user types another address, the focus and what was typed stay in Long URL', async () => {
    fakePort();
    let made = false;
    const done = entry({ id: 'j1', longUrl: 'https://example.org/slow', shortUrl: 'https://sho.rt/slow' });
    const { user } = answer(askMock, {
      waiting: { pending: [job({})], waiting: [], unsent: [] },
      getJob: () => (made ? job({ state: 'done', result: done, notify: false }) : job({ notify: false })),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/still being made/));
    const longUrl = screen.getByRole('textbox', { name: 'Long URL' }) as HTMLInputElement;
    await user.clear(longUrl);
    await user.type(longUrl, 'https://example.org/typed');
    made = true;
    await screen.findByRole('textbox', { name: 'Short link' }, { timeout: 4000 });
    await user.type(longUrl, '-more', { skipClick: true });
    expect(document.activeElement).toBe(longUrl);
    expect(longUrl.value).toBe('https://example.org/typed-more');
  });

  it('is shown as being made, followed (the worker is told over the port), then shown and copied', async () => {
    const posted = fakePort();
    let polls = 0;
    const made = entry({ id: 'j1', longUrl: 'https://example.org/slow', shortUrl: 'https://sho.rt/slow' });
    const { writeText } = answer(askMock, {
      waiting: { pending: [job({})], waiting: [], unsent: [] },
      getJob: () => (++polls < 2 ? job({ notify: false }) : job({ state: 'done', result: made, notify: false })),
    });
    render(<App />);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your link for https://example.org/slow is still being made: it will show here and be copied.',
      ),
    );
    expect(posted).toContainEqual({ follow: 'j1' });
    const short = await screen.findByRole('textbox', { name: 'Short link' }, { timeout: 4000 });
    expect(short).toHaveProperty('value', 'https://sho.rt/slow');
    expect(writeText).toHaveBeenCalledWith('https://sho.rt/slow');
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
  });

  it('is not copied again when the worker already told of it', async () => {
    fakePort();
    const made = entry({ id: 'j1', shortUrl: 'https://sho.rt/told' });
    const { writeText } = answer(askMock, {
      waiting: { pending: [job({})], waiting: [], unsent: [] },
      getJob: job({ state: 'done', result: made, notified: true }),
    });
    render(<App />);
    await screen.findByRole('textbox', { name: 'Short link' }, { timeout: 4000 });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Short link created.');
  });
});

describe('a service that does not answer', () => {
  /** Presses Shorten with the worker's answer given; returns the user. */
  async function press(world: Parameters<typeof answer>[1]) {
    fakePort();
    const { user } = answer(askMock, world);
    render(<App />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    return user;
  }
  const waitingJob = (kind: 'network' | 'server', url = 'https://example.com/article') =>
    job({
      id: 'j2',
      args: { url, domainId: null, campaignId: null },
      waitingSince: Date.now(),
      error: { kind, message: 'x' },
      notBefore: Date.now() + 60_000,
    });

  it('a link of another page that waits for the service is named (the popup was opened on another page)', async () => {
    fakePort();
    answer(askMock, {
      waiting: { pending: [waitingJob('network', 'https://example.org/rl/5')], waiting: [], unsent: [] },
      getJob: waitingJob('network', 'https://example.org/rl/5'),
    });
    render(<App />);
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toMatch(
          /^Your link for https:\/\/example\.org\/rl\/5: The service cannot be reached/,
        ),
      { timeout: 4000 },
    );
  });

  it('says at once that the link waits for the connection (not "failed", not "rate limit"), and it can be cancelled', async () => {
    const user = await press({
      shorten: {
        status: 'queued',
        jobId: 'j2',
        expectedAt: Date.now(),
        waitingFor: 'service',
        reason: { kind: 'network', message: 'refused' },
      },
      getJob: waitingJob('network'),
      cancelJob: job({ id: 'j2', state: 'failed', error: { kind: 'invalid-input', reason: 'cancelled', message: 'x' } }),
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /^The service cannot be reached .*Your link waits for the connection and will be made then/,
      ),
    );
    expect(screen.getByRole('status').textContent).not.toMatch(/rate limit|failed/i);
    await user.click(screen.getByRole('button', { name: 'Cancel this link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Cancelled: the link was not made.'));
    expect(screen.queryByRole('button', { name: 'Cancel this link' })).toBeNull();
    expect(callsOf(askMock, 'cancelJob')).toEqual([{ jobId: 'j2' }]);
  });

  it('a 502 says at once that the service failed and the link waits', async () => {
    await press({
      shorten: {
        status: 'queued',
        jobId: 'j2',
        expectedAt: Date.now(),
        waitingFor: 'service',
        reason: { kind: 'server', status: 502, message: 'x' },
      },
      getJob: waitingJob('server'),
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /^The service failed .*Your link waits and will be made when the service works again/,
      ),
    );
  });

  it('a slow answer says the service is slow, not that the rate limit is reached', async () => {
    await press({ shorten: { status: 'queued', jobId: 'j2', expectedAt: Date.now(), waitingFor: 'answer' }, getJob: job({ id: 'j2' }) });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^The service is slow to answer/));
  });

  it('a time said for the rate limit is never left in the past', async () => {
    const at = Date.now() + 1200;
    await press({ shorten: { status: 'queued', jobId: 'j2', expectedAt: at }, getJob: job({ id: 'j2' }) });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Rate limit reached/));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Your link is queued and will be made in a moment/), {
      timeout: 4000,
    });
  });
});

describe('links not sent because the API key changed', () => {
  it('names them, and "Make with this account" makes them with the chosen domain and campaign', async () => {
    fakePort();
    const { user } = answer(askMock, {
      waiting: { pending: [], waiting: [], unsent: [unsent('u1', 'https://example.org/a'), unsent('u2', 'https://example.org/b')] },
      remakeUnsent: [job({ id: 'r1' }), job({ id: 'r2' })],
    });
    render(<App />);
    const region = await screen.findByRole('region', { name: 'Not made: the API key changed before these were sent' });
    expect(region.textContent).toContain('https://example.org/a');
    expect(region.textContent).toContain('https://example.org/b');
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    await waitFor(() => expect(domain.querySelectorAll('option')).toHaveLength(3));
    await user.selectOptions(domain, '9');
    await user.click(screen.getByRole('button', { name: 'Make with this account' }));
    await waitFor(() => expect(callsOf(askMock, 'remakeUnsent')).toEqual([{ ids: ['u1', 'u2'], domainId: 9, campaignId: null }]));
    expect(screen.queryByRole('region', { name: /^Not made/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^Making the links with this account/);
    // The last one is followed here; the worker tells of the others.
    await waitFor(() => expect(callsOf(askMock, 'getJob')).toContainEqual({ jobId: 'r2' }), { timeout: 3000 });
  });

  it('a followed link that fails so says why in words that are true, and shows them', async () => {
    fakePort();
    let waitingAsked = 0;
    const { user } = answer(askMock, {
      shorten: { status: 'queued', jobId: 'j3', expectedAt: Date.now() + 60_000 },
      getJob: job({
        id: 'j3',
        state: 'failed',
        error: { kind: 'bad-key', reason: 'account-changed', message: 'Another account is connected.' },
      }),
      waiting: () =>
        ++waitingAsked > 1
          ? { pending: [], waiting: [], unsent: [unsent('j3', 'https://example.com/article')] }
          : { pending: [], waiting: [], unsent: [] },
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toBe('The account changed before this link could be made; it was not created.');
    expect(alert.textContent).not.toMatch(/did not accept the API key/);
    expect(screen.queryByRole('button', { name: 'Open options' })).toBeNull();
    const region = await screen.findByRole('region', { name: /^Not made/ });
    expect(region.textContent).toContain('https://example.com/article');
  });
});
