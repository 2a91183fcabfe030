/** Quick HTTP tests of the sandbox itself (test/sandbox): envelopes, auth, rate limits, faults, plans. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';

type Json = Record<string, unknown>;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function call(sb: Sandbox, path: string, init: RequestInit & { key?: string | null; xApiKey?: string } = {}) {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? sb.key : init.key;
  if (key !== null) headers.set('Authorization', `Bearer ${key}`);
  if (init.xApiKey !== undefined) headers.set('X-API-KEY', init.xApiKey);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const res = await fetch(sb.url + path, { ...init, headers });
  const text = await res.text();
  let json: Json | undefined;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = undefined;
  }
  return { res, text, json };
}

describe('sandbox: lists and records', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it('pages lists with the envelope, default limit 15 and nextpage null on the last page', async () => {
    const first = await call(sb, '/api/channels');
    expect(first.res.status).toBe(200);
    expect(first.json?.error).toBe('0');
    const d1 = first.json?.data as Json;
    expect(d1).toMatchObject({ result: 40, perpage: 15, currentpage: 1, nextpage: 2, maxpage: 3 });
    expect(d1.channels).toHaveLength(15);

    const last = await call(sb, '/api/channels?page=3');
    const d3 = last.json?.data as Json;
    expect(d3).toMatchObject({ currentpage: 3, nextpage: null, maxpage: 3 });
    expect(d3.channels).toHaveLength(10);

    const all = await call(sb, '/api/channels?limit=500');
    const dAll = all.json?.data as { perpage: number; channels: { name: string }[] };
    expect(dAll.perpage).toBe(100);
    expect(new Set(dAll.channels.map((c) => c.name)).size).toBe(40);
    expect(dAll.channels.map((c) => c.name)).toContain('Channel 07 · Webinar series');
  });

  it('serves the real-deployment quirks of the demo seed', async () => {
    const domains = (await call(sb, '/api/domains?limit=100')).json?.data as { domains: { id: number | null }[] };
    expect(domains.domains.some((d) => d.id === null)).toBe(true);
    const campaigns = (await call(sb, '/api/campaigns?limit=100')).json?.data as { campaigns: Json[] };
    expect(campaigns.campaigns.filter((c) => 'domain' in c && !('name' in c))).toHaveLength(1);
    const pixels = (await call(sb, '/api/pixels?limit=100')).json?.data as { pixels: { type: string }[] };
    expect(pixels.pixels.map((p) => p.type)).toContain('newnetwork');
    // A QR code without statistics: the interface's object with zero counts (`[]` behind a flag, below).
    const emptyStats = await call(sb, '/api/qr/3');
    expect(emptyStats.json).toMatchObject({ error: 0, data: { clicks: 0, uniqueClicks: 0, topCountries: {} } });
    const quirky = await startSandbox({ emptyQrStats: 'array' });
    try {
      expect((await call(quirky, '/api/qr/3')).json).toMatchObject({ error: 0, data: [] });
    } finally {
      await quirky.close();
    }
    const stats = await call(sb, '/api/qr/4');
    expect((stats.json?.data as Json).socialCount).toEqual(expect.objectContaining({ facebook: expect.any(Number) }));
  });

  it('shortens, assigns to a campaign and deletes', async () => {
    const short = await call(sb, '/api/shorten', {
      method: 'POST',
      key: null,
      xApiKey: sb.key,
      body: JSON.stringify({ url: 'https://example.org/x', custom_code: 'my-alias', domain_id: 1 }),
    });
    expect(short.json).toMatchObject({ success: true, short_code: 'my-alias', short_url: 'https://go.example.com/my-alias' });
    const id = short.json?.id as number;
    const assigned = await call(sb, `/api/campaign/3/assign/${id}`, { method: 'POST' });
    expect(assigned.json).toMatchObject({ error: 0 });
    const link = sb.state.forKey(sb.key).links.find((l) => l.id === id);
    expect(link?.campaign_id).toBe(3);
    const redirect = await fetch(`${sb.url}/my-alias`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://example.org/x');
    const del = await call(sb, '/api/delete-link', { method: 'DELETE', body: JSON.stringify({ link_id: id }) });
    expect(del.json).toMatchObject({ success: true });
    expect(link?.deleted).toBe(true);
    const again = await call(sb, '/api/delete-link', { method: 'DELETE', body: JSON.stringify({ link_id: id }) });
    expect(again.res.status).toBe(404);
  });

  it('validates input with 400 and unknown ids with 404', async () => {
    const badColor = await call(sb, '/api/channel/add', { method: 'POST', body: JSON.stringify({ name: 'X', color: 'red' }) });
    expect(badColor.res.status).toBe(400);
    expect(badColor.json).toMatchObject({ error: 1 });
    const badPixel = await call(sb, '/api/pixel/add', {
      method: 'POST',
      body: JSON.stringify({ type: 'newnetwork', name: 'n', tag: 't' }),
    });
    expect(badPixel.res.status).toBe(400);
    const missing = await call(sb, '/api/pixel/9999/delete', { method: 'DELETE' });
    expect(missing.res.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 1, message: 'Pixel not found.' });
  });

  it('serves the test pages without auth', async () => {
    const page = await fetch(`${sb.url}/page/alpha`);
    const html = await page.text();
    expect(html).toContain('<title>Test page alpha</title>');
    expect(html).toContain('id="link1" href="https://example.org/article/1"');
    expect(sb.log.at(-1)).toMatchObject({ path: '/page/alpha', group: 'page', status: 200, auth: 'none' });
  });
});

describe('sandbox: auth', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ seed: 'empty', extraKeys: [{ key: 'free-key-0000000000', plan: 'free' }] });
  });
  afterAll(() => sb.close());

  it('rejects a missing or wrong key, and X-API-KEY in the main group', async () => {
    const none = await call(sb, '/api/account', { key: null });
    expect(none.res.status).toBe(401);
    expect(none.json).toEqual({ error: 1, message: 'Invalid API key.' });
    const wrong = await call(sb, '/api/account', { key: 'nope' });
    expect(wrong.res.status).toBe(401);
    const xKey = await call(sb, '/api/account', { key: null, xApiKey: sb.key });
    expect(xKey.res.status).toBe(401);
    expect(sb.log.at(-1)).toMatchObject({ auth: 'x-api-key', status: 401, group: 'main' });
    const shorten = await call(sb, '/api/shorten', {
      method: 'POST',
      key: null,
      xApiKey: 'nope',
      body: JSON.stringify({ url: 'https://a.example' }),
    });
    expect(shorten.res.status).toBe(401);
    expect(shorten.json).toMatchObject({ success: false });
  });

  it('answers CORS preflight with 204 without auth', async () => {
    const res = await fetch(`${sb.url}/api/shorten`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('X-API-KEY');
  });

  it('refuses custom_code on a free account with 403', async () => {
    const free = await call(sb, '/api/shorten', {
      method: 'POST',
      key: null,
      xApiKey: 'free-key-0000000000',
      body: JSON.stringify({ url: 'https://example.org/free', custom_code: 'freebie' }),
    });
    expect(free.res.status).toBe(403);
    expect(free.json).toEqual({ success: false, message: 'Custom aliases are a Pro feature.' });
    const plain = await call(sb, '/api/shorten', {
      method: 'POST',
      key: 'free-key-0000000000',
      body: JSON.stringify({ url: 'https://example.org/free' }),
    });
    expect(plain.json).toMatchObject({ success: true });
    expect(sb.state.forKey('free-key-0000000000').links).toHaveLength(1);
    expect(sb.state.forKey(sb.key).links).toHaveLength(0);
    expect(plain.res.headers.get('x-ratelimit-limit')).toBe('100');
  });
});

describe('sandbox: the reset as real deployments send it', () => {
  it('gives X-RateLimit-Reset in unix seconds only when asked to leave out its X-RateLimit-Reset-Ms', async () => {
    const sb = await startSandbox({ mainLimit: 1, mainWindowMs: 2000, resetMs: false });
    try {
      const before = Date.now();
      const first = await call(sb, '/api/account');
      expect(first.res.headers.get('x-ratelimit-reset-ms')).toBeNull();
      // The aligned window's end, in seconds.
      const resetMs = Number(first.res.headers.get('x-ratelimit-reset')) * 1000;
      expect(resetMs % 2000).toBe(0);
      expect(resetMs).toBeGreaterThan(before);
      expect(resetMs).toBeLessThanOrEqual(Date.now() + 2000);
      const refused = await call(sb, '/api/account');
      expect(refused.res.status).toBe(429);
      expect(refused.res.headers.get('x-ratelimit-reset-ms')).toBeNull();
    } finally {
      await sb.close();
    }
  });
});

describe('sandbox: rate limits', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ mainLimit: 5, mainWindowMs: 2000 });
  });
  afterAll(() => sb.close());

  it('counts a fixed window, then answers 429 with Retry-After until it ends', async () => {
    // Windows are epoch-aligned by default: start at the beginning of a fresh one.
    const probe = await call(sb, '/api/account');
    const probeEnd = Number(probe.res.headers.get('x-ratelimit-reset-ms'));
    expect(probeEnd % 2000).toBe(0);
    await sleep(probeEnd - Date.now() + 10);
    const seen: number[] = [];
    let resetMs = 0;
    for (let i = 0; i < 5; i++) {
      const { res } = await call(sb, '/api/account');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      seen.push(Number(res.headers.get('x-ratelimit-remaining')));
      resetMs = Number(res.headers.get('x-ratelimit-reset-ms'));
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBe(Math.ceil(resetMs / 1000));
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);

    const limited = await call(sb, '/api/account');
    expect(limited.res.status).toBe(429);
    const retry = Number(limited.res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(2);
    expect(limited.json).toEqual({ error: 429, message: 'Too Many API Requests.', 'Retry-After': retry });
    expect(sb.log.at(-1)).toMatchObject({ status: 429, rateLimited: true });

    // The shortening group has its own budget.
    const short = await call(sb, '/api/shorten', { method: 'POST', body: JSON.stringify({ url: 'https://example.org/r' }) });
    expect(short.res.status).toBe(200);
    expect(short.res.headers.get('x-ratelimit-limit')).toBe('10000');

    await sleep(resetMs - Date.now() + 20);
    const after = await call(sb, '/api/account');
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('x-ratelimit-remaining')).toBe('4');
  });
});

describe('sandbox: first-request rate windows', () => {
  it('opens a window at the first request when rateWindow is first-request', async () => {
    const sb = await startSandbox({ seed: 'empty', rateWindow: 'first-request', mainLimit: 2, mainWindowMs: 600 });
    try {
      const t0 = Date.now();
      const first = await call(sb, '/api/account');
      const end = Number(first.res.headers.get('x-ratelimit-reset-ms'));
      expect(end - t0).toBeGreaterThanOrEqual(600);
      expect(end - t0).toBeLessThan(700);
      await call(sb, '/api/account');
      expect((await call(sb, '/api/account')).res.status).toBe(429);
    } finally {
      await sb.close();
    }
  });
});

describe('sandbox: faults', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it('answers an HTML page once for html200, then normally', async () => {
    sb.faults.push({ path: /^\/api\/domains/, kind: 'html200' });
    const faulted = await call(sb, '/api/domains');
    expect(faulted.res.status).toBe(200);
    expect(faulted.res.headers.get('content-type')).toContain('text/html');
    expect(faulted.text).toContain('<h1>Error</h1>');
    expect(sb.faults).toHaveLength(0);
    const normal = await call(sb, '/api/domains');
    expect(normal.json?.error).toBe('0');
    expect(sb.log.slice(-2).map((l) => l.status)).toEqual([200, 200]);
  });

  it('answers body429 as HTTP 200 with an error 429 body', async () => {
    sb.faults.push({ path: /^\/api\/account$/, method: 'GET', kind: 'body429' });
    const faulted = await call(sb, '/api/account');
    expect(faulted.res.status).toBe(200);
    expect(faulted.json).toMatchObject({ error: 429, 'Retry-After': 1 });
  });

  it('hangs until the client gives up, and close() still ends at once', async () => {
    const hung = await startSandbox({ seed: 'empty' });
    hung.faults.push({ path: /^\/api\/account$/, kind: 'hang' });
    await expect(
      fetch(`${hung.url}/api/account`, { headers: { Authorization: `Bearer ${hung.key}` }, signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    hung.faults.push({ path: /^\/api\/account$/, kind: 'hang' });
    const pending = fetch(`${hung.url}/api/account`, { headers: { Authorization: `Bearer ${hung.key}` } }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    await hung.close();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
    expect(hung.log.filter((l) => l.status === 0)).toHaveLength(2);
  });
});
