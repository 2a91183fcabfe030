// The worker's service against the sandbox over real HTTP, with the fake browser's storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';
import { isOwnPage } from '@/lib/background/handlers';

let sb: Sandbox;
const OTHER_KEY = 'other-account-key-0001';

const apiRequests = () => sb.log.filter((l) => l.path.startsWith('/api/')).length;

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1000, extraKeys: [{ key: OTHER_KEY, plan: 'free' }] });
});
afterEach(() => sb.close());

describe('connection', () => {
  it('verifies and saves a good key, shows only its last 4 characters', async () => {
    const { service } = makeService();
    const res = await service.connection.saveConnection({ serviceUrl: `${sb.url}/`, apiKey: sb.key });
    expect(res.account.email).toBe('demo@example.com');
    expect(res.connection).toEqual({
      connected: true,
      serviceUrl: sb.url,
      keyHint: sb.key.slice(-4),
      fingerprint: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(JSON.stringify(await service.connection.getConnection())).not.toContain(sb.key);
  });
  it('refuses a bad key without saving it, a non-loopback http URL, and a new URL without the key', async () => {
    const { service } = makeService();
    await expect(service.connection.saveConnection({ serviceUrl: sb.url, apiKey: 'nope' })).rejects.toMatchObject({ kind: 'bad-key' });
    expect((await service.connection.getConnection()).connected).toBe(false);
    await expect(service.connection.saveConnection({ serviceUrl: 'http://links.example.com', apiKey: 'k' })).rejects.toMatchObject({
      field: 'serviceUrl',
    });
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await expect(service.connection.saveConnection({ serviceUrl: sb.url.replace('127.0.0.1', 'localhost') })).rejects.toMatchObject({
      field: 'apiKey',
    });
    await expect(service.connection.saveConnection({ serviceUrl: 'https://links.example.com', apiKey: 'k' })).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });
});

describe('cache', () => {
  it('serves every page of a list, then from the cache with no request', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const channels = await service.lists.getList({ name: 'channels' });
    expect(channels.value).toHaveLength(sb.state.forKey(sb.key).channels.length);
    const before = apiRequests();
    const again = await service.lists.getList({ name: 'channels' });
    const account = await service.lists.getAccount({});
    expect(again.stale).toBe(false);
    expect(account.value.email).toBe('demo@example.com');
    expect(apiRequests()).toBe(before);
  });
  it('never shows one account the data of another', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    expect((await service.lists.getList({ name: 'pixels' })).value.length).toBeGreaterThan(0);
    await service.shortening.shorten({ url: 'https://example.org/mine', domainId: null, campaignId: null });
    expect(await service.recent.getHistory()).toHaveLength(1);
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: OTHER_KEY });
    expect((await service.lists.getList({ name: 'pixels' })).value).toEqual([]);
    expect(await service.recent.getHistory()).toEqual([]); // the same service, another account
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    expect((await service.recent.getHistory())[0]?.longUrl).toBe('https://example.org/mine');
  });
  it('refreshes the list a mutation touched', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await service.lists.getList({ name: 'channels' });
    await service.lists.mutate({ op: 'addChannel', args: [{ name: 'Fresh channel' }] });
    const before = apiRequests();
    const after = await service.lists.getList({ name: 'channels' });
    expect(after.value.some((c) => c.name === 'Fresh channel')).toBe(true);
    expect(apiRequests()).toBe(before);
  });
});

describe('shorten', () => {
  it('creates the link with the chosen domain and campaign, and keeps it in history', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const data = sb.state.forKey(sb.key);
    const domain = data.domains.find((d) => d.id !== null)!;
    const campaign = data.campaigns[0]!;
    const out = await service.shortening.shorten({ url: 'https://example.org/page', domainId: domain.id, campaignId: campaign.id });
    expect(out.status).toBe('done');
    if (out.status !== 'done') return;
    // Answered when the link is made; the campaign follows (getJob with waitMs says what became of it).
    expect(out.entry.campaign).toEqual({ state: 'pending', campaignId: campaign.id });
    const job = await service.shortening.getJob({ jobId: out.jobId!, waitMs: 5000 });
    expect(job?.result?.campaign).toEqual({ state: 'assigned', campaignId: campaign.id });
    const link = data.links.find((l) => l.id === out.entry.linkId)!;
    expect(link).toMatchObject({ url: 'https://example.org/page', domain_id: domain.id, campaign_id: campaign.id });
    expect((await service.recent.getHistory())[0]?.shortUrl).toBe(out.entry.shortUrl);
  });
  it('still makes the link when the campaign cannot be assigned, and says why', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const out = await service.shortening.shorten({ url: 'https://example.org/p2', domainId: null, campaignId: 987654 });
    expect(out.status).toBe('done');
    if (out.status !== 'done') return;
    const job = await service.shortening.getJob({ jobId: out.jobId!, waitMs: 5000 });
    expect(job?.state).toBe('done');
    expect(job?.result?.shortUrl).toBe(out.entry.shortUrl);
    expect(job?.result?.campaign).toMatchObject({ state: 'failed', campaignId: 987654 });
    expect((await service.recent.getHistory())[0]?.campaign).toMatchObject({ state: 'failed', campaignId: 987654 });
  });
  it('queues when the budget is spent, completes later once, and tells the user', async () => {
    await sb.close();
    // Windows from the first request: a clock-aligned one could end right after it.
    sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: 1, shortenWindowMs: 3000, rateWindow: 'first-request' });
    const { service, notes, copies } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const first = await service.shortening.shorten({ url: 'https://example.org/1', domainId: null, campaignId: null });
    expect(first.status).toBe('done');
    const second = await service.shortening.shorten({ url: 'https://example.org/2', domainId: null, campaignId: null });
    expect(second.status).toBe('queued');
    if (second.status !== 'queued') return;
    expect(second.expectedAt).toBeGreaterThan(Date.now());
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: second.jobId }))?.state).toBe('done'), { timeout: 8000 });
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === 'https://example.org/2')).toHaveLength(1);
    expect(copies).toHaveLength(1);
    expect(notes.at(-1)?.title).toBe('Short link copied');
  });
  it('sends nothing more with a key once it is forgotten, not even work that was queued', async () => {
    await sb.close();
    sb = await startSandbox({ port: 0, plan: 'pro', shortenLimit: 1, shortenWindowMs: 2000, rateWindow: 'first-request' });
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await service.shortening.shorten({ url: 'https://example.org/kept', domainId: null, campaignId: null });
    const queued = await service.shortening.shorten({ url: 'https://example.org/dropped', domainId: null, campaignId: null });
    expect(queued.status).toBe('queued');
    if (queued.status !== 'queued') return;
    await service.connection.forgetKey();
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: queued.jobId }))?.state).toBe('failed'), {
      timeout: 5000,
    });
    await new Promise((r) => setTimeout(r, 2500)); // past the window the job waited for
    expect(sb.log.filter((l) => l.path === '/api/shorten')).toHaveLength(1);
  });

  it('refuses a URL that cannot be shortened before anything is sent', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const before = apiRequests();
    await expect(service.shortening.shorten({ url: 'chrome://settings', domainId: null, campaignId: null })).rejects.toMatchObject({
      field: 'url',
    });
    expect(apiRequests()).toBe(before);
  });
  it('deletes a link on the service from the history', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const out = await service.shortening.shorten({ url: 'https://example.org/del', domainId: null, campaignId: null });
    if (out.status !== 'done') throw new Error('not done');
    const left = await service.recent.deleteHistoryEntry({ id: out.entry.id, remote: true });
    expect(left.find((e) => e.id === out.entry.id)).toBeUndefined();
    expect(sb.state.forKey(sb.key).links.find((l) => l.id === out.entry.linkId)?.deleted).toBe(true);
  });
});

describe('who may ask', () => {
  it('answers only the extension own pages', () => {
    const origin = 'chrome-extension://abc/';
    expect(isOwnPage({ id: 'abc', url: 'chrome-extension://abc/popup.html' }, 'abc', origin)).toBe(true);
    expect(isOwnPage({ id: 'abc', url: 'https://evil.example/' }, 'abc', origin)).toBe(false); // content script
    expect(isOwnPage({ id: 'other', url: 'chrome-extension://other/x.html' }, 'abc', origin)).toBe(false);
    expect(isOwnPage(undefined, 'abc', origin)).toBe(false);
  });
});
