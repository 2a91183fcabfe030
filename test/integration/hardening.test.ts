// Hardening over real HTTP: the sandbox injects each fault kind into a list endpoint, the
// shortening endpoint and a single QR code; each ends as the ApiError a user can act on,
// and the next request works again. An unreachable service is a network error.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type FaultKind, type Sandbox } from '../sandbox/server';
import { ApiError, createApiClient, type ApiClient, type ApiErrorKind } from '@/lib/api';
import { CALLS, METHOD_NAMES } from '../unit/hardening/calls';

let sb: Sandbox;
let api: ApiClient;
let qrId: number;
const TIMEOUT_MS = 300;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 100_000 });
  api = createApiClient({ baseUrl: sb.url, apiKey: sb.key, timeoutMs: TIMEOUT_MS });
  // The set-up waits as long as the machine needs: only the faults are timed against TIMEOUT_MS.
  qrId = (await createApiClient({ baseUrl: sb.url, apiKey: sb.key }).listQrs()).items[0]!.id;
});
afterAll(() => sb.close());

async function outcome(p: Promise<unknown>): Promise<{ ok: true } | { ok: false; error: ApiError }> {
  try {
    await p;
    return { ok: true };
  } catch (e) {
    if (!(e instanceof ApiError)) throw new Error(`not an ApiError: ${String(e)}`, { cause: e });
    return { ok: false, error: e };
  }
}

/** The three endpoints under test: how to call each, and the path the fault must match. */
const ENDPOINTS = [
  { name: 'a list (GET /api/pixels)', path: /^\/api\/pixels$/, call: () => api.listPixels() },
  { name: 'shorten (POST /api/shorten)', path: /^\/api\/shorten$/, call: () => api.shorten({ url: 'https://example.com/hardening' }) },
  { name: 'one QR code (GET /api/qr/:id)', path: /^\/api\/qr\/\d+$/, call: () => api.getQr(qrId) },
];

/**
 * What each fault must become; `huge` (10 MB of valid JSON) may be read, refused as unreadable, or,
 * on a loaded machine where reading 10 MB outlasts the request timeout, end as a timeout: each is
 * a true answer, as long as nothing crashes and the next call works.
 */
const EXPECTED: Record<FaultKind, { kinds: (ApiErrorKind | 'resolved')[]; retryAfterMs?: number }> = {
  html200: { kinds: ['unreadable'] },
  html500: { kinds: ['server'] },
  status500: { kinds: ['server'] },
  status502: { kinds: ['server'] },
  empty200: { kinds: ['unreadable'] },
  invalidJson: { kinds: ['unreadable'] },
  body429: { kinds: ['rate-limited'], retryAfterMs: 1_000 },
  status429: { kinds: ['rate-limited'], retryAfterMs: 1_000 },
  huge: { kinds: ['resolved', 'unreadable', 'timeout'] },
  hang: { kinds: ['timeout'] },
};
const FAULT_KINDS = Object.keys(EXPECTED) as FaultKind[];

describe.each(ENDPOINTS)('faults on $name', ({ path, call }) => {
  it.each(FAULT_KINDS)(
    '%s ends as the right ApiError, and the next call works',
    async (kind) => {
      const before = sb.log.length;
      sb.faults.push({ path, kind });
      const started = Date.now();
      const out = await outcome(call());
      const took = Date.now() - started;

      const { kinds, retryAfterMs } = EXPECTED[kind];
      expect(kinds).toContain(out.ok ? 'resolved' : out.error.kind);
      if (!out.ok) {
        expect(out.error.message.length).toBeLessThanOrEqual(600);
        expect(out.error.message).not.toMatch(/<[a-z/!?]/i);
        if (retryAfterMs !== undefined) expect(out.error.retryAfterMs).toBe(retryAfterMs);
      }
      if (kind === 'hang') {
        expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect(took).toBeLessThan(TIMEOUT_MS + 2_000);
      }
      // The fault really reached the server, and was consumed by this one request.
      expect(sb.log.length).toBe(before + 1);
      expect(sb.faults).toEqual([]);

      // Nothing is stuck: the same call works right after.
      expect(await outcome(call())).toEqual({ ok: true });
    },
    15_000,
  ); // a client without a working timeout fails here instead of hanging the run
});

describe('no service at all', () => {
  it('an unreachable port is a network error for every method', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as { port: number };
        s.close(() => resolve(p));
      });
    });
    const offline = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', timeoutMs: 5_000 });
    for (const name of METHOD_NAMES) {
      const out = await outcome(CALLS[name](offline));
      expect(out.ok ? 'resolved' : out.error.kind, name).toBe('network');
    }
  });
});
