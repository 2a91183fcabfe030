/**
 * The one request function of the client: builds the request, applies the timeout,
 * reads the rate headers, and turns every answer into parsed data or one ApiError. Errors
 * carry a kind and the service's own text (plain); the pages word them through the locales.
 */
import type * as z from 'zod/mini';
import { ApiError, type ApiErrorKind } from './errors';
import { toPlainText } from './plainText';
import { rateInfoOfAnswer, type RateInfo } from './rateInfo';
import type { RateGroup } from './constants';

/** The platform's fetch, looked up when called: the one place outside tests that names it (only lib/api sends requests). */
export const platformFetch: typeof fetch = (input, init) => fetch(input, init);

export type AuthForm = 'bearer' | 'x-api-key';

export interface ClientConfig {
  /** Service base URL, e.g. https://short.example (a trailing slash is ignored). */
  baseUrl: string;
  apiKey: string;
  /** The fetch to use: the worker passes its queue's gate around the global fetch. */
  fetch?: typeof fetch;
  /**
   * Per-request timeout; default 15 s. 0: the fetch given applies its own (the worker's gate
   * starts the clock when the request leaves, not while it waits for the rate budget).
   */
  timeoutMs?: number;
  /** Called with what every response says about its group's budget. */
  onRateInfo?: (group: RateGroup, info: RateInfo, status: number) => void;
  /** Header form for the shortening group; the client switches once on a 401 and remembers. */
  shortenAuth?: AuthForm;
  /** Told when the client learned that the other header form works. */
  onShortenAuthLearned?: (form: AuthForm) => void;
  now?: () => number;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  group: RateGroup;
}

/** The path of a request in its group; the queue uses it to pick a budget. */
export function groupOfPath(path: string): RateGroup {
  // The service may live under a base path (https://host/links/api/shorten): match the end.
  return /\/api\/(shorten|delete-link)\/?$/.test(path) ? 'shorten' : 'main';
}

/** Builds the absolute URL of a request. */
export function buildUrl(baseUrl: string, path: string, query?: RequestSpec['query']): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.href;
}

/** Sends one request and parses its answer with `schema`; throws ApiError on any failure. */
export async function send<S extends z.ZodMiniType>(cfg: ClientConfig, spec: RequestSpec, schema: S): Promise<z.output<S>> {
  const auth: AuthForm = spec.group === 'shorten' ? (cfg.shortenAuth ?? 'x-api-key') : 'bearer';
  try {
    return await sendOnce(cfg, spec, schema, auth);
  } catch (err) {
    // A server may reject one header form; retry once with the other and remember (docs/ARCHITECTURE.md, "Header forms").
    if (spec.group === 'shorten' && err instanceof ApiError && err.kind === 'bad-key') {
      const other: AuthForm = auth === 'x-api-key' ? 'bearer' : 'x-api-key';
      const result = await sendOnce(cfg, spec, schema, other).catch((second: unknown) => {
        // Both forms refused: the key is bad. Any other failure of the retry is the news.
        throw second instanceof ApiError && second.kind === 'bad-key' ? err : second;
      });
      cfg.shortenAuth = other;
      cfg.onShortenAuthLearned?.(other);
      return result;
    }
    throw err;
  }
}

async function sendOnce<S extends z.ZodMiniType>(cfg: ClientConfig, spec: RequestSpec, schema: S, auth: AuthForm): Promise<z.output<S>> {
  const now = cfg.now ?? Date.now;
  const doFetch = cfg.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (auth === 'bearer') headers.Authorization = `Bearer ${cfg.apiKey}`;
  else headers['X-API-KEY'] = cfg.apiKey;
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timeoutMs = cfg.timeoutMs ?? 15_000;
  const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(buildUrl(cfg.baseUrl, spec.path, spec.query), {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: controller.signal,
      credentials: 'omit', // the key is the only credential; never send the user's cookies
      redirect: 'error', // a redirect could carry the key to another origin
    });
    text = await response.text();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (controller.signal.aborted || (err instanceof Error && err.name === 'TimeoutError'))
      throw new ApiError({ kind: 'timeout', message: 'No answer in time.' });
    throw new ApiError({ kind: 'network', message: 'No answer: offline, DNS or refused.' });
  } finally {
    clearTimeout(timer);
  }

  const status = response.status;
  let json: unknown;
  let isJson = true;
  try {
    json = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    isJson = false;
  }
  if (json === undefined) isJson = false;
  const body = isJson && json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  const bodyError = body?.error;

  // Rate limited: HTTP 429, or a 200 whose body says error 429 (real deployments do both).
  const { info: rate, limited } = rateInfoOfAnswer(status, response.headers, body, now());
  cfg.onRateInfo?.(spec.group, rate, limited ? 429 : status);
  if (limited) {
    throw new ApiError({
      kind: 'rate-limited',
      status: 429,
      retryAfterMs: rate.retryAfterMs,
      message: 'Rate limited.',
    });
  }

  const serverMessage = body ? toPlainText(body.message ?? body.error_message ?? '') : '';
  const failed =
    status >= 400 ||
    !body ||
    (spec.group === 'main'
      ? !(bodyError === 0 || bodyError === '0')
      : !(body.success === true || body.success === 1 || bodyError === 0 || bodyError === '0'));

  if (failed) {
    if (!body && status < 400) {
      throw new ApiError({ kind: 'unreadable', status, serverText: '', message: 'An answer that is not JSON (an error page?).' });
    }
    const kind = classify(status, serverMessage);
    throw new ApiError({
      kind,
      status,
      serverText: serverMessage,
      message: serverMessage || `Refused with HTTP ${status} and no message.`,
    });
  }

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // The member that could not be read goes in `field` (for a bug report); the pages word the failure.
    const first = parsed.error.issues[0];
    const field = first && first.path.length ? first.path.join('.') : undefined;
    throw new ApiError({
      kind: 'unreadable',
      status,
      field,
      serverText: '',
      message: `An answer of an unexpected shape${field ? ` (${field})` : ''}.`,
    });
  }
  return parsed.data;
}

/** Words that say the key is the problem, whatever the status (real deployments answer a bad key with 403). */
const KEY_TEXT = /api[ -]?key|unauthori[sz]ed|not authori[sz]ed|unauthenticated|invalid token|access token/i;

/**
 * Picks the error kind from what the answer says: a message about the key is a key problem
 * even with 403 or 200; a 403 otherwise is a refusal for this account; a 200 with an error is
 * the service refusing this request (its reason is the news: no plan limit is inferred from a
 * keyword such as "upgrade").
 */
function classify(status: number, message: string): ApiErrorKind {
  if (status === 401 || (status < 500 && KEY_TEXT.test(message))) return 'bad-key';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  if (status >= 400) return 'invalid-request';
  if (/not found|does not exist|doesn't exist/i.test(message)) return 'not-found';
  if (!message) return 'unreadable';
  return 'invalid-request';
}
