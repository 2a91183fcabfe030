/** The sentences of the popup that depend on data: errors by kind, queue times, campaign notes. */
import { toPlainText } from '../api/plainText';
import type { SerializedApiError } from '../api/errors';

/** What the popup shows for a failure: a sentence and, for a key problem, the way to the options. */
export interface ErrorView {
  message: string;
  openOptions: boolean;
}

/** Names of the API's input fields as the popup labels them. */
const FIELD_LABELS: Record<string, string> = {
  url: 'Long URL',
  custom_code: 'Custom alias',
  customCode: 'Custom alias',
  domain_id: 'Domain',
  domainId: 'Domain',
  campaignId: 'Campaign',
};

/** The popup control a failure is about (by the error's `field`), if any. */
export function fieldOf(err: SerializedApiError | null): 'url' | 'alias' | 'domain' | 'campaign' | null {
  switch (err?.field) {
    case 'url':
      return 'url';
    case 'custom_code':
    case 'customCode':
      return 'alias';
    case 'domain_id':
    case 'domainId':
      return 'domain';
    case 'campaignId':
      return 'campaign';
    default:
      return null;
  }
}

/** Seconds, rounded up, at least 1. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** A sentence a user can act on for a failure, by kind; server text is shown as plain text only. */
export function describePopupError(err: SerializedApiError, now: number = Date.now()): ErrorView {
  const given = toPlainText(err.message);
  switch (err.kind) {
    case 'bad-key':
      return { message: 'The service did not accept the API key. Check the API key on the options page.', openOptions: true };
    case 'rate-limited':
      return {
        message:
          err.retryAfterMs !== undefined && err.retryAfterMs > 0
            ? `The rate limit of the service is reached. Try again in ${seconds(err.retryAfterMs)} s (at about ${clock(now + err.retryAfterMs)}).`
            : 'The rate limit of the service is reached. Try again in a minute.',
        openOptions: false,
      };
    case 'invalid-input':
    case 'invalid-request': {
      const label = err.field ? FIELD_LABELS[err.field] : undefined;
      const text = label && err.field && given.startsWith(`${err.field} `) ? `${label} ${given.slice(err.field.length + 1)}` : given;
      return { message: text || 'The service refused the request.', openOptions: false };
    }
    case 'network':
      return { message: 'The service could not be reached. Check your internet connection and the service URL, then try again.', openOptions: false };
    case 'timeout':
      return { message: 'The service did not answer in time. Check your internet connection and try again.', openOptions: false };
    case 'forbidden':
      return {
        message: `Your plan does not allow this (plan limit)${given ? `: ${given}` : '.'}`,
        openOptions: false,
      };
    case 'server':
      return { message: 'The service had an internal error. Try again in a moment.', openOptions: false };
    case 'not-found':
      return { message: given ? `Not found: ${given}` : 'Not found on the service.', openOptions: false };
    case 'unreadable':
    default:
      return { message: given ? `Something went wrong: ${given}` : 'Something went wrong. Try again.', openOptions: false };
  }
}

/** Local time as HH:MM:SS (24 hours). */
export function clock(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** The status shown while a link waits in the worker's queue. */
export function queuedMessage(expectedAt: number): string {
  return `Rate limit reached: your link is queued and will be created at about ${clock(expectedAt)}. You can close this popup; it will be copied and saved in Recent links.`;
}

/** The note about a link whose campaign assignment failed. */
export function campaignFailedMessage(reason: string): string {
  const r = toPlainText(reason);
  return `The link was created, but could not be added to the campaign: ${r || 'no reason was given'}`;
}

/** Makes any thrown value a SerializedApiError (what `ask` rejects with, or a stray Error). */
export function asApiError(e: unknown): SerializedApiError {
  if (e && typeof e === 'object' && 'kind' in e && 'message' in e) return e as SerializedApiError;
  return { kind: 'unreadable', message: e instanceof Error ? e.message : String(e) };
}
