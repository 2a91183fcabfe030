// What the client's requests carry, against the sandbox over real HTTP: a redirect to another
// origin is not followed (the key never reaches it), and a cookie the service sets is never sent back.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createApiClient } from '@/lib/api';

let sb: Sandbox;
/** A second local server, another origin (another port): what reaches it. */
let elsewhere: { server: Server; url: string; seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] };

beforeEach(async () => {
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 100_000 });
  const seen: (typeof elsewhere)['seen'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 0, data: {} }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
});
afterEach(async () => {
  await sb.close();
  await new Promise((resolve) => elsewhere.server.close(resolve));
});

/** The browser's cookie store as an extension's worker has it: a cookie a response sets is sent back to its origin unless the request omits credentials (Node's fetch keeps none). */
function fetchWithCookies(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const origin = new URL(input instanceof Request ? input.url : String(input)).origin;
    const omit = init?.credentials === 'omit';
    const headers = new Headers(init?.headers);
    const stored = jar.get(origin);
    if (!omit && stored) headers.set('Cookie', stored);
    const res = await fetch(input, { ...init, headers });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (!omit && set.length > 0) jar.set(origin, set.join('; '));
    return res;
  };
}

describe('the key stays with the service it was saved for', () => {
  it('a service answering with a redirect to another origin: the request fails, and nothing (no key, no address) reaches that origin', async () => {
    const api = createApiClient({ baseUrl: sb.url, apiKey: sb.key });
    sb.faults.push({ path: /^\/api\/shorten$/, answer: { status: 307, headers: { Location: `${elsewhere.url}/api/shorten` }, body: '' } });
    sb.faults.push({ path: /^\/api\/account$/, answer: { status: 302, headers: { Location: `${elsewhere.url}/api/account` }, body: '' } });
    const shorten = await api.shorten({ url: 'https://example.org/private-page' }).catch((e: unknown) => e);
    const account = await api.getAccount().catch((e: unknown) => e);
    const reached = JSON.stringify(elsewhere.seen);
    expect(reached).not.toContain(sb.key);
    expect(reached).not.toContain('private-page');
    expect(elsewhere.seen).toEqual([]);
    expect(shorten).toMatchObject({ kind: 'network' });
    expect(account).toMatchObject({ kind: 'network' });
    // The service itself still answers the next request.
    expect((await api.getAccount()).email).toBeTruthy();
  });

  it('a cookie the service sets is never sent back to it', async () => {
    const api = createApiClient({ baseUrl: sb.url, apiKey: sb.key, fetch: fetchWithCookies() });
    sb.faults.push({ path: /^\/api\/account$/, headers: { 'Set-Cookie': 'session=s3cret; Path=/' } });
    await api.getAccount();
    await api.getAccount();
    await api.listDomains();
    expect(sb.log.filter((l) => l.path.startsWith('/api/'))).toHaveLength(3);
    expect(sb.log.map((l) => l.cookie)).toEqual([undefined, undefined, undefined]);
  });
});
