// Links nobody is looking at: a popup closed before the answer, a key replaced while links wait,
// a service that does not answer. The worker's service against the sandbox over real HTTP.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';

let sb: Sandbox;
const OTHER_KEY = 'other-account-key-0002';

/** A popup's port as the worker sees it: the test sends its messages and closes it. */
function fakePort() {
  const onMessage: ((m: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const told: unknown[] = [];
  return {
    port: {
      onMessage: { addListener: (f: (m: unknown) => void) => onMessage.push(f) },
      onDisconnect: { addListener: (f: () => void) => onDisconnect.push(f) },
      postMessage: (m: unknown) => void told.push(m),
    },
    told,
    post: (m: unknown) => onMessage.forEach((f) => f(m)),
    close: () => onDisconnect.forEach((f) => f()),
  };
}

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', extraKeys: [{ key: OTHER_KEY, plan: 'pro' }] });
});
afterEach(() => sb.close());

describe('a popup closed before the answer', () => {
  /** Shorten pressed on a slow service (1.5 s), the popup closed at 0.3 s. */
  async function pressThenClose(url: string) {
    const made = makeService();
    await made.service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const popup = fakePort();
    made.service.popupConnected(popup.port);
    sb.faults.push({ path: /\/api\/shorten/, delayMs: 1500 });
    const answer = made.service.shortening.shorten({ url, domainId: null, campaignId: null });
    await new Promise((r) => setTimeout(r, 300));
    popup.close();
    return { ...made, answer };
  }

  it('the worker copies the link and says so, once', async () => {
    const { notes, copies, answer } = await pressThenClose('https://example.org/closed');
    expect((await answer).status).toBe('done'); // answered to a popup that is gone
    await vi.waitFor(() => expect(copies).toHaveLength(1), { timeout: 3000 });
    const made = sb.state.forKey(sb.key).links.find((l) => l.url === 'https://example.org/closed')!;
    expect(copies).toEqual([made.short_url]);
    expect(notes.map((n) => n.title)).toEqual(['Short link copied']);
  });

  it('a reopened popup finds the link still being made and, following it, is the one that copies', async () => {
    const { service, notes, copies, answer } = await pressThenClose('https://example.org/reopened');
    const second = fakePort();
    service.popupConnected(second.port);
    const { pending } = await service.shortening.getWaitingLinks();
    expect(pending.map((j) => j.url)).toEqual(['https://example.org/reopened']);
    second.post({ follow: pending[0]!.id });
    await answer;
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: pending[0]!.id }))?.state).toBe('done'));
    await new Promise((r) => setTimeout(r, 200));
    expect(copies).toEqual([]); // the popup copies what it shows
    expect(notes).toEqual([]);
    // Closed after it showed the link: nothing more.
    second.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(copies).toEqual([]);
  });

  it('the popup still open: no notification, nothing handed back', async () => {
    const { service, notes, copies } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const popup = fakePort();
    service.popupConnected(popup.port);
    const out = await service.shortening.shorten({ url: 'https://example.org/open', domainId: null, campaignId: null });
    expect(out.status).toBe('done');
    // The popup shows the link and says so (lib/ui/popup/submit.ts), then closes.
    if (out.status === 'done' && out.jobId) popup.post({ shown: out.jobId });
    popup.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(copies).toEqual([]);
    expect(notes).toEqual([]);
    expect((await service.shortening.getWaitingLinks()).pending).toEqual([]);
  });
});

describe('the key replaced while links wait', () => {
  it('says the links were not sent, names them in one notification, and makes them with the new account', async () => {
    await sb.close();
    // Two shortens a minute for each account: two made, two waiting; the other account makes both.
    sb = await startSandbox({
      port: 0,
      plan: 'pro',
      shortenLimit: 2,
      shortenWindowMs: 60_000,
      rateWindow: 'first-request',
      extraKeys: [{ key: OTHER_KEY, plan: 'pro' }],
    });
    const { service, notes } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    for (const url of ['https://example.org/made', 'https://example.org/made-2'])
      expect((await service.shortening.shorten({ url, domainId: null, campaignId: null })).status).toBe('done');
    const a = await service.shortening.shorten({ url: 'https://example.org/wait-a', domainId: null, campaignId: null });
    const b = await service.shortening.shorten({ url: 'https://example.org/wait-b', domainId: null, campaignId: null });
    if (a.status !== 'queued' || b.status !== 'queued') throw new Error('not queued');

    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: OTHER_KEY });
    for (const id of [a.jobId, b.jobId]) {
      await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: id }))?.error?.reason).toBe('account-changed'));
    }
    await vi.waitFor(() => expect(notes).toHaveLength(1), { timeout: 3000 });
    expect(notes[0]!.title).toBe('Links not made: the API key changed');
    expect(notes[0]!.message).toContain('https://example.org/wait-a\nhttps://example.org/wait-b');
    expect(notes[0]!.message).not.toMatch(/did not accept the API key/);

    const { unsent } = await service.shortening.getWaitingLinks();
    expect(unsent.map((u) => u.args.url)).toEqual(['https://example.org/wait-a', 'https://example.org/wait-b']);
    const jobs = await service.shortening.remakeUnsent({ ids: unsent.map((u) => u.id), domainId: null, campaignId: null });
    expect(jobs).toHaveLength(2);
    for (const j of jobs)
      await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: j.id }))?.state).toBe('done'), { timeout: 5000 });
    const other = sb.state.forKey(OTHER_KEY).links.map((l) => l.url);
    expect(other).toEqual(expect.arrayContaining(['https://example.org/wait-a', 'https://example.org/wait-b']));
    expect(
      sb.state
        .forKey(sb.key)
        .links.map((l) => l.url)
        .filter((u) => /^https:\/\/example\.org\/(made|wait)/.test(u)),
    ).toEqual(['https://example.org/made', 'https://example.org/made-2']);
    expect((await service.shortening.getWaitingLinks()).unsent).toEqual([]);
  });

  it('dismissed links are forgotten without being sent', async () => {
    await sb.close();
    sb = await startSandbox({
      port: 0,
      plan: 'pro',
      shortenLimit: 1,
      shortenWindowMs: 60_000,
      rateWindow: 'first-request',
      extraKeys: [{ key: OTHER_KEY, plan: 'pro' }],
    });
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await service.shortening.shorten({ url: 'https://example.org/made', domainId: null, campaignId: null });
    const a = await service.shortening.shorten({ url: 'https://example.org/dismissed', domainId: null, campaignId: null });
    if (a.status !== 'queued') throw new Error('not queued');
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: OTHER_KEY });
    await vi.waitFor(async () => expect((await service.shortening.getWaitingLinks()).unsent).toHaveLength(1));
    const left = await service.shortening.dismissUnsent({ ids: [a.jobId] });
    expect(left).toEqual([]);
    expect(sb.log.filter((l) => l.path === '/api/shorten')).toHaveLength(1);
  });
});

describe('a service that does not answer', () => {
  it('the popup is told at once that the link is queued and tried again, not after every retry', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await sb.close(); // connection refused from now on
    const out = await service.shortening.shorten({ url: 'https://example.org/down', domainId: null, campaignId: null });
    expect(out).toMatchObject({ status: 'queued', reason: { kind: 'network' } });
    if (out.status !== 'queued') return;
    // It is still waiting, and the worker will tell the user when it settles.
    const job = await service.shortening.getJob({ jobId: out.jobId });
    expect(job?.state === 'pending' || job?.state === 'sending').toBe(true);
    expect((await service.shortening.jobs.get(out.jobId))?.notify).toBe(true);
  });
});

/** A sandbox making one link every 3 s (the presses after the first wait for the next windows), and a service connected to it. */
async function oneLinkEvery3s() {
  await sb.close();
  sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: 1, shortenWindowMs: 3000, rateWindow: 'first-request' });
  const { service } = makeService();
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  return service;
}

describe('a second press while the link waits', () => {
  it('is the same job (no second link); another choice for the same address is a link of its own', async () => {
    const service = await oneLinkEvery3s();
    expect((await service.shortening.shorten({ url: 'https://example.org/first', domainId: null, campaignId: null })).status).toBe('done');
    const url = 'https://example.org/twice';
    const first = await service.shortening.shorten({ url, domainId: null, campaignId: null });
    const again = await service.shortening.shorten({ url, domainId: null, campaignId: null, customCode: '' });
    if (first.status !== 'queued' || again.status !== 'queued') throw new Error('not queued');
    expect(first.already).toBeUndefined();
    expect(again).toMatchObject({ jobId: first.jobId, already: true });
    const domainId = sb.state.forKey(sb.key).domains[0]!.id;
    const other = await service.shortening.shorten({ url, domainId, campaignId: null });
    expect(other.status === 'queued' && other.jobId !== first.jobId && !other.already).toBe(true);

    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: first.jobId }))?.state).toBe('done'), { timeout: 6000 });
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === url && l.domain_id == null)).toHaveLength(1);
  }, 15_000);
});

describe('a budget spent by another client of the account', () => {
  it('a press refused for the rate limit is answered "queued" with its time at once, not after the page’s wait, and made once', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    sb.spendBudget('shorten', 8_000);
    const pressed = Date.now();
    const out = await service.shortening.shorten({ url: 'https://example.org/spent-elsewhere', domainId: null, campaignId: null });
    expect(out.status).toBe('queued');
    if (out.status !== 'queued') return;
    expect(Date.now() - pressed).toBeLessThan(5_000); // the page waits up to 10 s otherwise
    expect(out.waitingFor).toBe('budget');
    expect(out.expectedAt).toBeGreaterThan(pressed + 5_000);
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: out.jobId }))?.state).toBe('done'), { timeout: 20_000 });
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === 'https://example.org/spent-elsewhere')).toHaveLength(1);
  }, 40_000);
});

describe('the links waiting a popup lists ("Links waiting")', () => {
  it('a press made at once is not listed; presses waiting for the budget are, each until it is made', async () => {
    const service = await oneLinkEvery3s();
    const listed = async () => (await service.shortening.getWaitingLinks()).waiting.map((l) => l.url);
    expect((await service.shortening.shorten({ url: 'https://example.org/at-once', domainId: null, campaignId: null })).status).toBe(
      'done',
    );
    expect(await listed()).toEqual([]);
    const a = await service.shortening.shorten({ url: 'https://example.org/wait-a', domainId: null, campaignId: null });
    const b = await service.shortening.shorten({ url: 'https://example.org/wait-b', domainId: null, campaignId: null });
    expect([a.status, b.status]).toEqual(['queued', 'queued']);
    expect(await listed()).toEqual(['https://example.org/wait-a', 'https://example.org/wait-b']);
    await vi.waitFor(async () => expect(await listed()).toEqual(['https://example.org/wait-b']), { timeout: 8000, interval: 100 });
    await vi.waitFor(async () => expect(await listed()).toEqual([]), { timeout: 8000, interval: 100 });
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url.startsWith('https://example.org/wait-'))).toHaveLength(2);
  }, 30_000);
});
