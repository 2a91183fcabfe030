/** What a response says about the rate budget of its group. */
export interface RateInfo {
  limit?: number;
  remaining?: number;
  /** When the window resets, as epoch milliseconds. */
  resetAt?: number;
  /** How long to wait before trying again, when the server said (Retry-After). */
  retryAfterMs?: number;
}

/**
 * Reads X-RateLimit-* and Retry-After. `X-RateLimit-Reset` is unix seconds in real
 * deployments; small values are taken as seconds from now, and values that look like
 * milliseconds as such, since the interface does not show the format.
 */
export function readRateHeaders(headers: Headers, now: number): RateInfo {
  const num = (name: string): number | undefined => {
    const v = headers.get(name);
    if (v === null || v.trim() === '') return undefined;
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  };
  const info: RateInfo = {};
  const limit = num('x-ratelimit-limit');
  const remaining = num('x-ratelimit-remaining');
  if (limit !== undefined && limit >= 0) info.limit = limit;
  if (remaining !== undefined && remaining >= 0) info.remaining = remaining;
  const resetMs = num('x-ratelimit-reset-ms');
  const reset = num('x-ratelimit-reset');
  if (resetMs !== undefined && resetMs > 1e12) info.resetAt = resetMs;
  else if (reset !== undefined) info.resetAt = resetToEpochMs(reset, now);
  const retry = parseRetryAfter(headers.get('retry-after'), now);
  if (retry !== undefined) info.retryAfterMs = retry;
  return info;
}

/** Interprets an X-RateLimit-Reset value: epoch ms, epoch seconds, or seconds from now. */
export function resetToEpochMs(reset: number, now: number): number {
  if (reset > 1e12) return reset; // epoch milliseconds
  if (reset > 1e9) return reset * 1000; // epoch seconds (the usual form)
  return now + reset * 1000; // delta seconds
}

/** Longest wait a server can ask for: a day (a date in 2099 must not park a job for ever). */
export const MAX_RETRY_AFTER_MS = 86_400_000;
const clampWait = (ms: number) => Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);

/** Retry-After as seconds or an HTTP date, in ms from now (at most a day). */
export function parseRetryAfter(value: unknown, now: number): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return clampWait(n * 1000);
  if (typeof value === 'string') {
    const t = Date.parse(value);
    if (Number.isFinite(t)) return clampWait(t - now);
  }
  return undefined;
}

/**
 * What one answer says of its budget, body included: a 429 can come as HTTP 200 with
 * `{"error":429,"Retry-After":30}` in real deployments.
 */
export function rateInfoOfAnswer(status: number, headers: Headers, body: unknown, now: number): { info: RateInfo; limited: boolean } {
  const info = readRateHeaders(headers, now);
  const rec = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  const limited = status === 429 || rec?.error === 429 || rec?.error === '429';
  if (!limited) return { info, limited };
  const retryAfterMs =
    info.retryAfterMs ??
    parseRetryAfter(rec?.['Retry-After'] ?? rec?.retry_after, now) ??
    (info.resetAt !== undefined ? clampWait(info.resetAt - now) : undefined);
  return { info: { ...info, remaining: 0, retryAfterMs }, limited };
}

/**
 * What the headers alone say when they say the window has room (a 2xx answer with a limit and
 * at least one request left): the budget can be told before the body is read. Null otherwise
 * (a refusal, or no figures), when only the whole answer can tell.
 */
export function roomOfHeaders(status: number, headers: Headers, now: number): RateInfo | null {
  if (status < 200 || status > 299) return null;
  const info = readRateHeaders(headers, now);
  return info.limit !== undefined && info.limit > 0 && info.remaining !== undefined && info.remaining >= 1 ? info : null;
}
