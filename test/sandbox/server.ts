/**
 * The sandbox: a real HTTP server (node:http; HTTP/2 over TLS with `http2`, listener.ts)
 * implementing the whole service interface in memory. Order of handling an /api request: CORS preflight → injected fault → auth → rate
 * limit → route. Requests without a valid key get 401 and are not counted against any budget
 * (so they carry no X-RateLimit-* headers); every authenticated /api answer carries them.
 */
import { performance } from 'node:perf_hooks';
import { faultAnswer, takeFault } from './faults';
import { HttpError, JSON_TYPE, parseJsonBody, readBody, writeAnswer } from './http';
import { answerGone, createListener, dropAnswer, type SandboxRequest, type SandboxResponse } from './listener';
import { handlePage } from './pages';
import { RateLimiter, rateHeaders, type RateGroup } from './rateLimit';
import { apiRoutes, groupOfPath } from './routes/index';
import { matchRoute } from './routes/router';
import { SandboxState, seedDemo, type AccountData } from './state';
import type { Fault, LoggedRequest, Sandbox, SandboxOptions } from './types';

export type { Fault, FaultKind, LoggedRequest, Sandbox, SandboxOptions } from './types';
export { PIXEL_TYPES, QR_TYPES, SandboxState } from './state';
export type { AccountData } from './state';

/** The default API key of the sandbox's main account. */
export const DEFAULT_KEY = 'demo-key-0123456789';

type AuthForm = LoggedRequest['auth'];

/** Which key a request presents, and in which header. */
function presentedKeys(req: SandboxRequest): { bearer?: string; apiKey?: string } {
  const out: { bearer?: string; apiKey?: string } = {};
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (m?.[1]) out.bearer = m[1].trim();
  const x = req.headers['x-api-key'];
  const apiKey = Array.isArray(x) ? x[0] : x;
  if (apiKey) out.apiKey = apiKey.trim();
  return out;
}

/** Resolves the caller's account: main group by Bearer only, shorten group by X-API-KEY or Bearer. */
function authenticate(state: SandboxState, req: SandboxRequest, group: RateGroup): { data: AccountData | undefined; form: AuthForm } {
  const { bearer, apiKey } = presentedKeys(req);
  const byBearer = bearer !== undefined ? state.find(bearer) : undefined;
  if (group === 'main') return { data: byBearer, form: bearer !== undefined ? 'bearer' : apiKey !== undefined ? 'x-api-key' : 'none' };
  const byApiKey = apiKey !== undefined ? state.find(apiKey) : undefined;
  if (byApiKey) return { data: byApiKey, form: 'x-api-key' };
  if (byBearer) return { data: byBearer, form: 'bearer' };
  return { data: undefined, form: apiKey !== undefined ? 'x-api-key' : bearer !== undefined ? 'bearer' : 'none' };
}

/** What real deployments add to their refusals, whatever the refusal. */
const UPGRADE = 'Please upgrade to a premium plan for more features.';

/** The error envelope of a group. */
function errorBody(group: RateGroup, message: string): Record<string, unknown> {
  return group === 'shorten' ? { success: false, message } : { error: 1, message };
}

/** Starts a sandbox on 127.0.0.1 (port 0 = a free port) with the demo account seeded; `http2`: HTTPS with HTTP/2. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const key = opts.key ?? DEFAULT_KEY;
  const latencyMs = Math.max(0, opts.latencyMs ?? 0);
  const limiter = new RateLimiter({
    mainLimit: opts.mainLimit ?? 30,
    mainWindowMs: opts.mainWindowMs ?? 60_000,
    ...(opts.shortenLimit !== undefined ? { shortenLimit: opts.shortenLimit } : {}),
    shortenWindowMs: opts.shortenWindowMs ?? 3_600_000,
    windowMode: opts.rateWindow ?? 'aligned',
  });
  const log: LoggedRequest[] = [];
  const faults: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let state: SandboxState | undefined; // set once the port is known (URLs in records need it)

  /** Waits `ms` unless the sandbox closes first (then never resolves: the socket is destroyed). */
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  async function handle(req: SandboxRequest, res: SandboxResponse): Promise<void> {
    const t0 = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(`http://127.0.0.1${(req.url ?? '/').startsWith('/') ? req.url : `/${req.url ?? ''}`}`);
    } catch {
      url = new URL('http://127.0.0.1/invalid-request-target');
    }
    const path = url.pathname;
    const group = groupOfPath(path);
    const entry: LoggedRequest = {
      method,
      path,
      query: url.search.replace(/^\?/, ''),
      status: 0,
      group,
      auth: 'none',
      at: Date.now(),
      handlingMs: 0,
      rateLimited: false,
      httpVersion: req.httpVersion,
    };
    if (req.headers.cookie !== undefined) entry.cookie = req.headers.cookie;
    log.push(entry);
    const { bearer, apiKey } = presentedKeys(req);
    entry.auth = bearer !== undefined ? 'bearer' : apiKey !== undefined ? 'x-api-key' : 'none';
    const st = state!;

    /** Held after the request was handled (a fault's `holdMs`): what it did is done, its answer comes late. */
    let holdMs = 0;
    /** Headers a fault adds to the answer. */
    let extraHeaders: Record<string, string> = {};
    /** Records and sends the answer, after the artificial latency for /api requests. */
    const answer = async (status: number, ownHeaders: Record<string, string>, body: string | Buffer): Promise<void> => {
      const headers = { ...ownHeaders, ...extraHeaders };
      entry.status = status;
      entry.handlingMs = Math.round((performance.now() - t0) * 1000) / 1000;
      if (group !== 'page' && method !== 'OPTIONS') await sleep(latencyMs + holdMs);
      entry.answeredAt = Date.now();
      if (!closed && !answerGone(res)) writeAnswer(res, status, headers, method === 'HEAD' ? '' : body);
    };
    const json = (status: number, body: unknown, headers: Record<string, string> = {}): Promise<void> =>
      answer(status, { ...JSON_TYPE, ...headers }, JSON.stringify(body));

    if (method === 'OPTIONS') return answer(204, {}, '');
    if (group === 'page') {
      const page = handlePage(st, method, path);
      return answer(page.status, page.headers, page.body);
    }

    const fault = takeFault(faults, method, path, entry.query);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.until) await fault.until.catch(() => undefined);
    holdMs = fault?.holdMs ?? 0;
    extraHeaders = fault?.headers ?? {};
    if (fault?.answer) return answer(fault.answer.status, fault.answer.headers, fault.answer.body);
    if (fault?.kind) {
      const f = faultAnswer(fault.kind, fault.retryAfterSec);
      if (f === 'hang') {
        entry.handlingMs = Math.round((performance.now() - t0) * 1000) / 1000;
        return; // the socket stays open until the client gives up or close() destroys it
      }
      return answer(f.status, f.headers, f.body);
    }

    const rawBody = await readBody(req).catch((e: unknown) => (e instanceof HttpError ? e : new HttpError(400, 'Unreadable body.')));
    const { data, form } = authenticate(st, req, group);
    entry.auth = form;
    if (!data) {
      if (opts.realDeployment) return json(403, { error: 1, message: 'A valid API key is required to use this service.' });
      const message = group === 'main' ? 'Invalid API key.' : 'Invalid API key. Send it as X-API-KEY or Authorization: Bearer.';
      return json(401, errorBody(group, message));
    }

    const decision = limiter.hit(data.key, group, data.account.status);
    entry.decidedAt = decision.at;
    const rate = rateHeaders(decision, opts.resetMs ?? true);
    if (!decision.allowed) {
      entry.rateLimited = true;
      const body = { error: 429, message: 'Too Many API Requests.', 'Retry-After': decision.retryAfterSec };
      if (group === 'main' && opts.realDeployment) return json(200, body, rate);
      return json(429, group === 'shorten' ? { success: false, ...body } : body, rate);
    }

    try {
      if (rawBody instanceof HttpError) throw rawBody;
      const match = matchRoute(apiRoutes, method, path);
      if (match === undefined) throw new HttpError(404, 'Endpoint not found.');
      if (match === 'method') throw new HttpError(405, `Method ${method} not allowed here.`);
      const body = method === 'GET' ? {} : parseJsonBody(rawBody);
      const reply = match.route.handler({
        data,
        state: st,
        params: match.params,
        query: url.searchParams,
        body,
        realDeployment: !!opts.realDeployment,
        emptyQrStats: opts.emptyQrStats ?? 'object',
      });
      return json(reply.status ?? 200, reply.body, rate);
    } catch (err) {
      if (err instanceof HttpError) {
        // Real deployments answer the main group's validation failures with 200 and error 1,
        // in a text that may carry an unrelated invitation to upgrade.
        if (opts.realDeployment && group === 'main' && err.status === 400)
          return json(200, errorBody(group, `${err.message} ${UPGRADE}`), rate);
        return json(err.status, errorBody(group, err.message), rate);
      }
      console.error('[sandbox] handler error', err);
      return json(500, errorBody(group, 'Internal error'), rate);
    }
  }

  const listener = createListener((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[sandbox] request failed', err);
      if (!res.headersSent && !answerGone(res)) dropAnswer(res);
    });
  }, !!opts.http2);
  const port = await listener.listen(opts.port ?? 0);
  const baseUrl = `${listener.scheme}://127.0.0.1:${port}`;
  const stopListening = () => listener.stop();
  let down = false;

  state = new SandboxState(baseUrl);
  const main = state.addAccount(key, opts.plan ?? 'pro');
  if ((opts.seed ?? 'demo') === 'demo') seedDemo(state, main);
  for (const extra of opts.extraKeys ?? []) state.addAccount(extra.key, extra.plan);

  return {
    url: baseUrl,
    key,
    ...(listener.certificate ? { certificate: { cert: listener.certificate.cert, spki: listener.certificate.spki } } : {}),
    state,
    log,
    faults,
    resetRateLimits: () => limiter.reset(),
    spendBudget: (group, ms, forKey = key) => limiter.spend(forKey, group, ms),
    get down() {
      return down;
    },
    stop: async () => {
      if (closed || down) return;
      down = true;
      await stopListening();
    },
    start: async () => {
      if (closed || !down) return;
      await listener.listen(port);
      down = false;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (!down) await stopListening();
    },
  };
}
