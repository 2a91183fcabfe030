// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateBudgets } from '@/lib/background/budget';
import { MAX_CONCURRENT, RequestGate } from '@/lib/background/gate';

const BASE = 'http://127.0.0.1:9';

function fakeServer(limit: number, windowMs: number) {
  const seen: string[] = [];
  let windowEnd = Date.now() + windowMs;
  let used = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    seen.push(new URL(url).pathname + new URL(url).search);
    if (Date.now() >= windowEnd) {
      windowEnd = Date.now() + windowMs;
      used = 0;
    }
    used++;
    const headers = {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - used)),
      'X-RateLimit-Reset-Ms': String(windowEnd),
    };
    if (used > limit) return new Response('{"error":429}', { status: 429, headers });
    return new Response('{"error":0}', { status: 200, headers });
  });
  return { fetch, seen };
}

describe('the request gate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => vi.useRealTimers());

  it('sends interactive work before background refreshes waiting for the same budget', async () => {
    const server = fakeServer(1, 1000);
    const gate = new RequestGate(new RateBudgets(Date.now), server.fetch as typeof fetch);
    const first = gate.fetchWith('background')(`${BASE}/api/pixels?page=1`);
    await vi.advanceTimersByTimeAsync(0);
    const bg = gate.fetchWith('background')(`${BASE}/api/channels`);
    const fg = gate.fetchWith('interactive')(`${BASE}/api/shorten`, { method: 'POST' });
    const fg2 = gate.fetchWith('interactive')(`${BASE}/api/account`);
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all([first, bg, fg, fg2]);
    expect(server.seen).toEqual(['/api/pixels?page=1', '/api/shorten', '/api/account', '/api/channels']);
  });

  it('never exceeds the budget the server announces', async () => {
    const server = fakeServer(3, 1000);
    const gate = new RequestGate(new RateBudgets(Date.now), server.fetch as typeof fetch);
    const all = Array.from({ length: 10 }, (_, i) => gate.fetchWith('interactive')(`${BASE}/api/account?i=${i}`));
    await vi.advanceTimersByTimeAsync(10_000);
    const statuses = (await Promise.all(all)).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(gate.stats.rateLimited).toBe(0);
  });

  it('shares identical GETs in flight', async () => {
    const server = fakeServer(100, 1000);
    const gate = new RequestGate(new RateBudgets(Date.now), server.fetch as typeof fetch);
    const f = gate.fetchWith('interactive');
    const [a, b] = await Promise.all([f(`${BASE}/api/domains?page=1`), f(`${BASE}/api/domains?page=1`)]);
    expect(await a.text()).toBe('{"error":0}');
    expect(await b.text()).toBe('{"error":0}');
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('reads a 429 hidden in a 200 body and waits for Retry-After', async () => {
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls++;
      return calls === 1
        ? new Response('{"error":429,"message":"Too Many API Requests.","Retry-After":30}', { status: 200 })
        : new Response('{"error":0}', { status: 200 });
    });
    const gate = new RequestGate(new RateBudgets(Date.now), fetch as typeof globalThis.fetch);
    await gate.fetchWith('interactive')(`${BASE}/api/account`);
    expect(gate.stats.rateLimited).toBe(1);
    const next = gate.fetchWith('interactive')(`${BASE}/api/account?again`);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await next;
    expect(calls).toBe(2);
  });

  it('lets waiting requests leave on the headers of an answer that says the window has room, before its body is read', async () => {
    const sent: string[] = [];
    let finishBody: () => void = () => {};
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      sent.push(String(input));
      const headers = {
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': String(5 - sent.length),
        'X-RateLimit-Reset-Ms': String(Date.now() + 60_000),
      };
      if (sent.length > 1) return new Response('{"error":0}', { status: 200, headers });
      // The first answer's body arrives only later.
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          finishBody = () => {
            c.enqueue(new TextEncoder().encode('{"error":0}'));
            c.close();
          };
        },
      });
      return new Response(body, { status: 200, headers });
    });
    const gate = new RequestGate(new RateBudgets(Date.now), fetch as typeof globalThis.fetch);
    const f = gate.fetchWith('background');
    // The budget is not known yet: one request first, the others wait for its answer.
    const all = [1, 2, 3].map((i) => f(`${BASE}/api/shorten?i=${i}`, { method: 'POST' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(3);
    finishBody();
    await Promise.all(all);
    expect(gate.stats.rateLimited).toBe(0);
  });

  it('counts a refusal found in the body of an answer whose headers said there was room, and waits for Retry-After', async () => {
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls++;
      const headers = { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '12', 'X-RateLimit-Reset-Ms': String(Date.now() + 60_000) };
      return calls === 1
        ? new Response('{"error":429,"message":"Too Many API Requests.","Retry-After":20}', { status: 200, headers })
        : new Response('{"error":0}', { status: 200, headers });
    });
    const gate = new RequestGate(new RateBudgets(Date.now), fetch as typeof globalThis.fetch);
    await gate.fetchWith('interactive')(`${BASE}/api/account`);
    expect(gate.stats.rateLimited).toBe(1);
    const next = gate.fetchWith('interactive')(`${BASE}/api/account?again`);
    await vi.advanceTimersByTimeAsync(19_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await next;
    expect(calls).toBe(2);
  });

  it('keeps at most MAX_CONCURRENT requests in flight after answers told from their headers', async () => {
    let sent = 0;
    const fetch = vi.fn(async () => {
      sent++;
      if (sent > 3) return new Promise<Response>(() => {}); // never answered
      return new Response('{"error":0}', {
        status: 200,
        headers: {
          'X-RateLimit-Limit': '100',
          'X-RateLimit-Remaining': String(100 - sent),
          'X-RateLimit-Reset-Ms': String(Date.now() + 60_000),
        },
      });
    });
    const gate = new RequestGate(new RateBudgets(Date.now), fetch as typeof globalThis.fetch);
    const f = gate.fetchWith('background');
    for (let i = 0; i < 3; i++) await f(`${BASE}/api/account?i=${i}`);
    for (let i = 0; i < 20; i++) void f(`${BASE}/api/account?more=${i}`);
    await vi.advanceTimersByTimeAsync(10);
    expect(sent - 3).toBe(MAX_CONCURRENT);
  });

  it('once headers said "room" over a refusal, tells that group from whole answers only', async () => {
    const sent: string[] = [];
    let finishBody: () => void = () => {};
    const headers = () => ({
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '20',
      'X-RateLimit-Reset-Ms': String(Date.now() + 60_000),
    });
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      sent.push(String(input));
      if (sent.length === 1) return new Response('{"error":429,"Retry-After":1}', { status: 200, headers: headers() });
      if (sent.length === 2) {
        const body = new ReadableStream<Uint8Array>({
          start: (c) => {
            finishBody = () => {
              c.enqueue(new TextEncoder().encode('{"error":0}'));
              c.close();
            };
          },
        });
        return new Response(body, { status: 200, headers: headers() });
      }
      return new Response('{"error":0}', { status: 200, headers: headers() });
    });
    const budgets = new RateBudgets(Date.now);
    const gate = new RequestGate(budgets, fetch as typeof globalThis.fetch);
    const f = gate.fetchWith('interactive');
    await f(`${BASE}/api/account?first`);
    expect(gate.stats.rateLimited).toBe(1);
    await vi.advanceTimersByTimeAsync(1100);
    // Told by the whole answer now: while the second answer's body is not read, the window is
    // shared and not heard yet, so the third waits for it.
    const second = f(`${BASE}/api/account?second`);
    const third = f(`${BASE}/api/account?third`);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    finishBody();
    await Promise.all([second, third]);
    expect(sent).toHaveLength(3);
  });
});

describe('the gate’s timeouts', () => {
  it('a change (POST) is waited for longer than a read (GET): a slow answer to a shorten is not lost', async () => {
    const hold = (ms: number) => (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const t = setTimeout(() => resolve(new Response('{"error":0}', { status: 200 })), ms);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          reject(new DOMException('timed out', 'TimeoutError'));
        });
      });
    const gate = new RequestGate(new RateBudgets(Date.now), hold(300) as typeof fetch, Date.now, 100, 1000);
    await expect(gate.fetchWith('interactive')(`${BASE}/api/shorten`, { method: 'POST' })).resolves.toBeInstanceOf(Response);
    await expect(gate.fetchWith('interactive')(`${BASE}/api/account`)).rejects.toThrow();
  });
});
