// Every method of the client against the sandbox over real HTTP: a success and a failure each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { ApiError, createApiClient, fetchAllPages, type ApiClient } from '@/lib/api';

let sb: Sandbox;
let api: ApiClient;
let bad: ApiClient;
const FREE_KEY = 'free-key-000000000001';
let free: ApiClient;

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 100_000, extraKeys: [{ key: FREE_KEY, plan: 'free' }] });
  api = createApiClient({ baseUrl: sb.url, apiKey: sb.key });
  bad = createApiClient({ baseUrl: sb.url, apiKey: 'wrong-key' });
  free = createApiClient({ baseUrl: sb.url, apiKey: FREE_KEY });
});
afterAll(() => sb.close());

describe('account', () => {
  it('getAccount reads the account; a bad key is a bad-key error', async () => {
    const acc = await api.getAccount();
    expect(acc).toMatchObject({ email: 'demo@example.com', username: 'demo', status: 'pro' });
    expect((await failure(bad.getAccount())).kind).toBe('bad-key');
  });
  it('updateAccount changes the email; a bad email is refused before sending', async () => {
    const before = sb.log.length;
    expect((await failure(api.updateAccount({ email: 'not-an-email' }))).field).toBe('email');
    expect(sb.log.length).toBe(before);
    await api.updateAccount({ email: 'demo2@example.com' });
    expect(sb.state.forKey(sb.key).account.email).toBe('demo2@example.com');
    await api.updateAccount({ email: 'demo@example.com' });
  });
});

describe('domains', () => {
  it('listDomains pages through every domain, shared ones with id null', async () => {
    const all = await fetchAllPages((p) => api.listDomains({ ...p, limit: 2 }));
    expect(all).toHaveLength(sb.state.forKey(sb.key).domains.length);
    expect(all.some((d) => d.id === null)).toBe(true);
    expect((await failure(bad.listDomains())).kind).toBe('bad-key');
  });
  it('addDomain, updateDomain, deleteDomain round trip; unknown id is not-found', async () => {
    const { id } = await api.addDomain({ domain: 'https://new.example.com', redirectroot: 'https://example.com/' });
    expect(sb.state.forKey(sb.key).domains.find((d) => d.id === id)?.domain).toBe('https://new.example.com');
    await api.updateDomain(id, { redirect404: 'https://example.com/404' });
    expect(sb.state.forKey(sb.key).domains.find((d) => d.id === id)?.redirect404).toBe('https://example.com/404');
    await api.deleteDomain(id);
    expect(sb.state.forKey(sb.key).domains.find((d) => d.id === id)).toBeUndefined();
    expect((await failure(api.updateDomain(99999, { redirectroot: 'https://x.org' }))).kind).toBe('not-found');
    expect((await failure(api.deleteDomain(99999))).kind).toBe('not-found');
    expect((await failure(api.addDomain({ domain: 'new.example.com' }))).field).toBe('domain');
  });
});

describe('lists without mutations', () => {
  it('listOverlays and listSplash read every item', async () => {
    const overlays = await fetchAllPages((p) => api.listOverlays(p));
    expect(overlays).toHaveLength(sb.state.forKey(sb.key).overlays.length);
    const splash = await fetchAllPages((p) => api.listSplash(p));
    expect(splash).toHaveLength(sb.state.forKey(sb.key).splash.length);
    expect((await failure(bad.listOverlays())).kind).toBe('bad-key');
    expect((await failure(bad.listSplash())).kind).toBe('bad-key');
  });
});

describe('campaigns', () => {
  it('listCampaigns reads names, including the one given under `domain`', async () => {
    const all = await fetchAllPages((p) => api.listCampaigns(p));
    const stored = sb.state.forKey(sb.key).campaigns;
    expect(all.map((c) => c.name).sort()).toEqual(stored.map((c) => String(c.name ?? (c as { domain?: string }).domain)).sort());
    expect((await failure(bad.listCampaigns())).kind).toBe('bad-key');
  });
  it('addCampaign, updateCampaign, assignCampaignLink, deleteCampaign', async () => {
    const c = await api.addCampaign({ name: 'Integration', slug: 'integ', public: true });
    expect(c.name).toBe('Integration');
    expect(c.rotator).toMatch(/^http/);
    const u = await api.updateCampaign(c.id, { name: 'Integration 2' });
    expect(u.name).toBe('Integration 2');
    const link = await api.shorten({ url: 'https://example.org/campaign-test' });
    await api.assignCampaignLink(c.id, link.linkId!);
    expect(sb.state.forKey(sb.key).links.find((l) => l.id === link.linkId)?.campaign_id).toBe(c.id);
    expect((await failure(api.assignCampaignLink(c.id, 999999))).kind).toBe('not-found');
    await api.deleteCampaign(c.id);
    expect((await failure(api.deleteCampaign(c.id))).kind).toBe('not-found');
    expect((await failure(api.updateCampaign(c.id, { name: '' }))).field).toBe('name');
    expect((await failure(api.addCampaign({ name: 'Bad slug', slug: 'bad slug' }))).field).toBe('slug');
  });
});

describe('channels', () => {
  it('listChannels reads all 40 channels across pages', async () => {
    const all = await fetchAllPages((p) => api.listChannels(p));
    expect(all).toHaveLength(sb.state.forKey(sb.key).channels.length);
    expect((await failure(bad.listChannels())).kind).toBe('bad-key');
  });
  it('listChannelItems reads every item of a channel; unknown channel is not-found', async () => {
    const first = sb.state.forKey(sb.key).channels[0]!;
    const items = await fetchAllPages((p) => api.listChannelItems(first.id, p));
    expect(items.length).toBe(sb.state.forKey(sb.key).channelItems.filter((i) => i.channel_id === first.id).length);
    expect((await failure(api.listChannelItems(999999))).kind).toBe('not-found');
  });
  it('addChannel, assignChannelItem, updateChannel, deleteChannel', async () => {
    const ch = await api.addChannel({ name: 'Integ channel', color: '#112233', starred: true });
    expect(ch).toMatchObject({ name: 'Integ channel', color: '#112233', starred: true });
    const qr = sb.state.forKey(sb.key).qrs[0]!;
    await api.assignChannelItem(ch.id, 'qr', qr.id);
    expect(sb.state.forKey(sb.key).channelItems.some((i) => i.channel_id === ch.id && i.item_id === qr.id)).toBe(true);
    expect((await failure(api.assignChannelItem(ch.id, 'qr', 999999))).kind).toBe('not-found');
    expect((await failure(api.assignChannelItem(ch.id, 'video' as 'qr', 1))).field).toBe('type');
    await api.updateChannel(ch.id, { description: 'Updated', starred: false });
    expect(sb.state.forKey(sb.key).channels.find((c) => c.id === ch.id)).toMatchObject({ description: 'Updated', starred: false });
    expect((await failure(api.updateChannel(ch.id, { color: 'blue' }))).field).toBe('color');
    await api.deleteChannel(ch.id);
    expect(sb.state.forKey(sb.key).channelItems.some((i) => i.channel_id === ch.id)).toBe(false);
    expect((await failure(api.deleteChannel(ch.id))).kind).toBe('not-found');
    expect((await failure(api.addChannel({ name: '  ' }))).field).toBe('name');
  });
});

describe('pixels', () => {
  it('listPixels keeps a type it does not know', async () => {
    const all = await fetchAllPages((p) => api.listPixels(p));
    expect(all).toHaveLength(sb.state.forKey(sb.key).pixels.length);
    expect(all.some((p) => p.type === 'newnetwork')).toBe(true);
    expect((await failure(bad.listPixels())).kind).toBe('bad-key');
  });
  it('addPixel, updatePixel, deletePixel', async () => {
    const { id } = await api.addPixel({ type: 'tiktok', name: 'Integ pixel', tag: 'TT-123' });
    await api.updatePixel(id, { name: 'Integ pixel 2', tag: 'TT-456' });
    expect(sb.state.forKey(sb.key).pixels.find((p) => p.id === id)).toMatchObject({ name: 'Integ pixel 2', tag: 'TT-456' });
    await api.deletePixel(id);
    expect((await failure(api.deletePixel(id))).kind).toBe('not-found');
    expect((await failure(api.updatePixel(id, { tag: '' }))).field).toBe('tag');
    expect((await failure(api.addPixel({ type: 'myspace', name: 'x', tag: 'y' }))).field).toBe('type');
  });
});

describe('QR codes', () => {
  it('listQrs and getQr with statistics, empty statistics as an object of zeros or as []', async () => {
    const all = await fetchAllPages((p) => api.listQrs(p));
    expect(all).toHaveLength(sb.state.forKey(sb.key).qrs.length);
    const withStats = sb.state.forKey(sb.key).qrs.find((q) => q.stats);
    const detail = await api.getQr(withStats!.id);
    expect(detail.statsEmpty).toBe(false);
    expect(detail.stats.clicks).toBeGreaterThan(0);
    const empty = sb.state.forKey(sb.key).qrs.find((q) => !q.stats);
    const zeros = await api.getQr(empty!.id);
    expect(zeros.statsEmpty).toBe(false);
    expect(zeros.stats.clicks).toBe(0);
    const quirky = await startSandbox({ emptyQrStats: 'array' });
    try {
      const other = createApiClient({ baseUrl: quirky.url, apiKey: quirky.key });
      expect((await other.getQr(empty!.id)).statsEmpty).toBe(true);
    } finally {
      await quirky.close();
    }
    expect((await failure(api.getQr(999999))).kind).toBe('not-found');
  });
  it('addQr of each type, updateQr, deleteQr', async () => {
    const samples = [
      { type: 'text', data: 'hello' },
      { type: 'link', data: 'https://example.org' },
      { type: 'email', data: 'a@example.org' },
      { type: 'phone', data: '+49 30 123456' },
      { type: 'sms', data: { phone: '+49 30 123456', message: 'hi' } },
      { type: 'wifi', data: { ssid: 'Home', password: 'secret12', encryption: 'WPA' } },
      { type: 'vcard', data: { name: 'Ada Lovelace', email: 'ada@example.org' } },
    ] as const;
    for (const s of samples) {
      const r = await api.addQr({ ...s, foreground: 'rgb(0,0,0)', background: 'rgb(255,255,255)' } as never);
      expect(r.link).toMatch(/^http/);
      await api.updateQr(r.id, { type: 'text', data: 'updated' });
      await api.deleteQr(r.id);
      expect((await failure(api.deleteQr(r.id))).kind).toBe('not-found');
    }
    expect((await failure(api.updateQr(1, { type: 'link', data: 'nope' }))).field).toBe('data');
    expect((await failure(api.addQr({ type: 'text', data: 'x', foreground: 'black' }))).field).toBe('foreground');
  });
});

describe('shortening group', () => {
  it('shorten returns the short link and its id, with a branded domain', async () => {
    const domain = sb.state.forKey(sb.key).domains.find((d) => d.id !== null)!;
    const r = await api.shorten({ url: 'https://example.org/a', domain_id: domain.id! });
    expect(r.shortUrl.startsWith(domain.domain)).toBe(true);
    const stored = sb.state.forKey(sb.key).links.find((l) => l.id === r.linkId);
    expect(stored).toMatchObject({ url: 'https://example.org/a', domain_id: domain.id });
    expect(sb.log.at(-1)?.auth).toBe('x-api-key');
  });
  it('custom aliases are for pro accounts: forbidden on free', async () => {
    const r = await api.shorten({ url: 'https://example.org/b', custom_code: 'my-alias-1' });
    expect(r.shortCode).toBe('my-alias-1');
    const err = await failure(free.shorten({ url: 'https://example.org/b', custom_code: 'my-alias-2' }));
    expect(err.kind).toBe('forbidden');
    expect(err.message).toMatch(/Pro/);
    expect((await failure(bad.shorten({ url: 'https://example.org/c' }))).kind).toBe('bad-key');
  });
  it('deleteLink deletes; an unknown link is not-found', async () => {
    const r = await api.shorten({ url: 'https://example.org/delete-me' });
    await api.deleteLink(r.linkId!);
    expect(sb.state.forKey(sb.key).links.find((l) => l.id === r.linkId)?.deleted).toBe(true);
    expect((await failure(api.deleteLink(r.linkId!))).kind).toBe('not-found');
  });
});

describe('failures become typed errors', () => {
  it('maps faults of the server to kinds', async () => {
    const cases = [
      ['html200', 'unreadable'],
      ['html500', 'server'],
      ['status500', 'server'],
      ['empty200', 'unreadable'],
      ['invalidJson', 'unreadable'],
      ['body429', 'rate-limited'],
      ['status429', 'rate-limited'],
    ] as const;
    for (const [kind, expected] of cases) {
      sb.faults.push({ path: /\/api\/account/, kind });
      const err = await failure(api.getAccount());
      expect(err.kind, kind).toBe(expected);
      if (expected === 'rate-limited') expect(err.retryAfterMs).toBe(1000);
    }
  });
  it('times out a hung request and reports an unreachable server as network', async () => {
    sb.faults.push({ path: /\/api\/account/, kind: 'hang' });
    const quick = createApiClient({ baseUrl: sb.url, apiKey: sb.key, timeoutMs: 300 });
    expect((await failure(quick.getAccount())).kind).toBe('timeout');
    const nowhere = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    expect((await failure(nowhere.getAccount())).kind).toBe('network');
  });
});
