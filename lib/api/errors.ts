/** The kinds of failure a UI can act on; every failure of the client is one of these. */
export type ApiErrorKind =
  | 'invalid-input' // rejected before sending: `field` names the culprit
  | 'bad-key' // 401 or a message about the key
  | 'forbidden' // 403, plan limit or missing permission
  | 'rate-limited' // 429 (status or body): `retryAfterMs` says when to try again
  | 'invalid-request' // 400: the server's reason, as plain text
  | 'not-found' // 404
  | 'server' // 5xx
  | 'network' // no answer at all: offline, DNS, refused
  | 'timeout' // no answer in time
  | 'unreadable'; // an answer that is not the expected JSON

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  field?: string;
  retryAfterMs?: number;
}

/** One typed error for every failure of the API client. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly retryAfterMs?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.field = init.field;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** Plain-object form, safe to send through extension messaging (Errors do not survive structured clone everywhere). */
  toJSON(): SerializedApiError {
    return { kind: this.kind, message: this.message, status: this.status, field: this.field, retryAfterMs: this.retryAfterMs };
  }
}

export interface SerializedApiError {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  field?: string;
  retryAfterMs?: number;
}

/** Whether a failure is worth retrying later as it is (network trouble, 5xx, timeouts, rate limits). */
export function isTransient(kind: ApiErrorKind): boolean {
  return kind === 'network' || kind === 'timeout' || kind === 'server' || kind === 'rate-limited';
}

/**
 * The one error normaliser: turns any thrown value (an ApiError, the error data a message
 * carried, a stray Error) into an ApiError; `.toJSON()` gives the data form the pages keep.
 * `fallback` is the message of a throwable that says nothing (the pages pass a worded one).
 */
export function toApiError(err: unknown, fallback?: string): ApiError {
  if (err instanceof ApiError) return err;
  if (err && typeof err === 'object' && 'kind' in err && 'message' in err) {
    const e = err as SerializedApiError;
    return new ApiError({ ...e, message: typeof e.message === 'string' ? e.message : String(e.message) });
  }
  if (err instanceof Error) return new ApiError({ kind: 'unreadable', message: err.message || (fallback ?? '') });
  return new ApiError({ kind: 'unreadable', message: fallback ?? String(err) });
}
