/** The kinds of failure a UI can act on; every failure of the client is one of these. */
export type ApiErrorKind =
  | 'invalid-input' // rejected before sending: `field` names the culprit
  | 'bad-key' // 401, or an answer (403, 200…) whose message is about the key
  | 'forbidden' // 403 not about the key: a plan limit or a missing permission
  | 'rate-limited' // 429 (status or body): `retryAfterMs` says when to try again
  | 'invalid-request' // 400, or 200 with an error: the server's reason, as plain text
  | 'not-found' // 404
  | 'server' // 5xx
  | 'network' // no answer at all: offline, DNS, refused
  | 'timeout' // no answer in time
  | 'unreadable'; // an answer that is not the expected JSON

/**
 * Cases the worker names beyond the kind (never the service's words). The pages and the
 * worker word each through the locales (lib/i18n/errorText.ts); `detail` is the value it names.
 */
export type ErrorReason =
  | 'not-connected' // no service URL or key saved
  | 'service-url' // the service URL is refused: `detail` is the problem (lib/links/serviceUrl.ts)
  | 'key-required' // a new service URL needs its key
  | 'key-spaces' // the key typed is not one word
  | 'no-permission' // the browser did not let the extension reach `detail` (an origin)
  | 'connection-changed' // the service URL or key changed while the request waited: not sent
  | 'account-changed' // another account is connected now: the link was not made
  | 'history-gone' // the Recent links entry is gone
  | 'link-id-unknown' // the service never told the id of that link: it cannot be deleted from here
  | 'account-unknown' // a link kept without its account, and several accounts of its service saved: not deleted there
  | 'image-elsewhere' // the service named an image at another origin (`detail`): the worker does not read it
  | 'not-own-page' // the message came from outside the extension
  | 'managed-locked' // the organisation's policy sets this (`field`): it cannot be changed here
  | 'qr-style' // a QR style scanners would read badly: `detail` is why (lib/qr/style)
  | 'no-answer' // the worker did not answer a page
  | 'answer-lost' // the answer to a shorten was lost (timeout): the link may exist; not sent again
  | 'alias-after-lost-answer' // after a lost answer, the repeat with alias `detail` was refused: most likely made
  | 'gave-up-waiting' // the service could not be reached for a day: the link was not made
  | 'cancelled' // the user cancelled a link that waited
  | 'name-too-long' // a connection name longer than `detail` characters
  | 'connection-exists' // that service URL and key are saved already, as `detail` (its name)
  | 'no-such-connection' // the connection asked for is not saved (any more)
  | 'connection-forgotten' // the connection a link waited for was forgotten: the link was not made
  | 'account-switched' // a page's change named an account that is no longer the current one: not sent
  | 'storage-full'; // the browser refused a write: the extension's storage is full

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** For logs and tests, in English; never shown (the pages word the kind, reason and serverText). */
  message: string;
  /** The service's own words, plain text ('' when it gave none); the pages show them framed. */
  serverText?: string;
  status?: number;
  field?: string;
  retryAfterMs?: number;
  reason?: ErrorReason;
  detail?: string;
}

/** One typed error for every failure of the API client. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly retryAfterMs?: number;
  readonly serverText?: string;
  readonly reason?: ErrorReason;
  readonly detail?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.field = init.field;
    this.retryAfterMs = init.retryAfterMs;
    this.serverText = init.serverText;
    this.reason = init.reason;
    this.detail = init.detail;
  }

  /** Plain-object form, safe to send through extension messaging (Errors do not survive structured clone everywhere). */
  toJSON(): SerializedApiError {
    const { kind, message, status, field, retryAfterMs, serverText, reason, detail } = this;
    return { kind, message, status, field, retryAfterMs, serverText, reason, detail };
  }
}

export type SerializedApiError = ApiErrorInit;

/**
 * The one error normaliser: turns any thrown value (an ApiError, the error data a message
 * carried, a stray Error) into an ApiError; `.toJSON()` gives the data form the pages keep.
 * `fallback` is the message of a throwable that says nothing (the pages pass a worded one).
 */
export function toApiError(err: unknown, fallback?: string): ApiError {
  if (err instanceof ApiError) return err;
  // The browser's own words ("Resource::kQuotaBytes quota exceeded") are not the user's sentence.
  if (isStorageFull(err) && !(err && typeof err === 'object' && 'kind' in err))
    return new ApiError({ kind: 'unreadable', reason: 'storage-full', message: 'The extension’s storage is full.' });
  if (err && typeof err === 'object' && 'kind' in err && 'message' in err) {
    const e = err as SerializedApiError;
    return new ApiError({ ...e, message: typeof e.message === 'string' ? e.message : String(e.message) });
  }
  if (err instanceof Error) return new ApiError({ kind: 'unreadable', message: err.message || (fallback ?? '') });
  return new ApiError({ kind: 'unreadable', message: fallback ?? String(err) });
}

/** Whether a thrown value is the browser refusing a write because the extension's storage is full (Chrome's quota). */
export function isStorageFull(err: unknown): boolean {
  const message =
    err && typeof err === 'object' && 'message' in err ? String((err as { message: unknown }).message) : typeof err === 'string' ? err : '';
  return /quota/i.test(message) && !(err instanceof ApiError);
}

/** Lets a write refused because storage is full pass (memory holds the change, the work goes on); rethrows anything else. */
export function unlessStorageFull(err: unknown): void {
  if (!isStorageFull(err)) throw err;
}
