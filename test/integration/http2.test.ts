// The sandbox over HTTP/2 (HTTPS, a certificate made at start), as real deployments behind a web
// server or a CDN speak: it answers over h2, and the worker, talking to it over one HTTP/2
// connection, has every page of a long list after the first in flight at once, within the budget.
import { afterEach, expect, it, vi } from 'vitest';
import { connect } from 'node:http2';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { wireOf } from '../bench/floor/wire';
import { makeService } from './makeService';
import { h2Fetch } from './support/h2Fetch';

let sb: Sandbox | undefined;
let client: ReturnType<typeof h2Fetch> | undefined;
afterEach(async () => {
  client?.close();
  await sb?.close();
});

/** A sandbox over HTTP/2 with 1,000 campaigns, and the worker's service fetching through one HTTP/2 session. */
async function bigListOverH2(opts: SandboxOptions = {}) {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', http2: true, ...opts });
  const data = sb.state.forKey(sb.key);
  for (let i = data.campaigns.length; i < 1000; i++)
    data.campaigns.push({ id: sb.state.nextId('campaign'), name: `Campaign ${i}`, slug: null, public: false, nameKey: 'name' });
  client = h2Fetch(sb.url, sb.certificate!.cert);
  // The user granted https on 127.0.0.1 when saving (the manifest grants http loopback only).
  const { service } = makeService({ fetch: client.fetch, hasHostPermission: async () => true });
  const saved = await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  expect(saved.connection.serviceUrl).toBe(sb.url);
  return service;
}

const campaignPages = (s: Sandbox, from: number) => s.log.filter((l) => l.path === '/api/campaigns' && l.at >= from);

it('answers over HTTP/2 with TLS on a certificate it made, and logs the protocol', async () => {
  sb = await startSandbox({ port: 0, http2: true });
  expect(sb.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const session = connect(sb.url, { ca: sb.certificate!.cert });
  try {
    const { status, body, alpn } = await new Promise<{ status: number; body: string; alpn: string | false | undefined }>(
      (resolve, reject) => {
        const stream = session.request({ ':path': '/api/account', authorization: `Bearer ${sb!.key}` });
        let status = 0;
        let body = '';
        stream.on('response', (h) => (status = Number(h[':status'])));
        stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
        stream.on('end', () => resolve({ status, body, alpn: session.alpnProtocol }));
        stream.on('error', reject);
      },
    );
    expect(alpn).toBe('h2');
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ error: 0, data: { email: 'demo@example.com' } });
    expect(sb.log.at(-1)).toMatchObject({ path: '/api/account', httpVersion: '2.0', status: 200 });
  } finally {
    session.close();
  }
});

it('has pages 2 to 10 of 1,000 campaigns in flight at once over one connection, then the whole list in order', async () => {
  const service = await bigListOverH2();
  const s = sb!;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // Page 1 as usual; the nine after it held until all nine are at the service.
  s.faults.push({ path: /^\/api\/campaigns$/, times: 1 }, { path: /^\/api\/campaigns$/, times: 9, until: held });
  const from = Date.now();
  const loading = service.lists.getList({ name: 'campaigns', refresh: true });
  await vi.waitFor(() => expect(campaignPages(s, from).filter((l) => l.status === 0)).toHaveLength(9), { timeout: 20_000, interval: 20 });
  release();
  const { value } = await loading;
  // In the service's order (newest first), page after page.
  const ids = value.map((c) => c.id);
  expect(ids).toEqual([...ids].sort((x, y) => y - x));
  expect(new Set(ids).size).toBe(1000);
  const pages = campaignPages(s, from);
  expect(pages.map((l) => Number(new URLSearchParams(l.query).get('page'))).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(pages.every((l) => l.httpVersion === '2.0')).toBe(true);
});

it('keeps the pages in flight within the rate budget, with two slots left for a press, and is never refused', async () => {
  // 8 requests a window of 2 s: the account (when saved) and ten pages take two windows or more.
  // Each answer is held 200 ms (a distance), so that pages sent together are seen together.
  const service = await bigListOverH2({ mainLimit: 8, mainWindowMs: 2000, latencyMs: 200 });
  const s = sb!;
  const from = Date.now();
  const { value } = await service.lists.getList({ name: 'campaigns', refresh: true });
  expect(value).toHaveLength(1000);
  const wire = wireOf(s.log, from, from);
  expect(wire.requests).toBe(10);
  expect(s.log.filter((l) => l.rateLimited)).toEqual([]);
  expect(wire.maxInFlight).toBeGreaterThan(1);
  expect(wire.maxInFlight).toBeLessThanOrEqual(8 - 2);
});
