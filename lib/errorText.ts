import type { SerializedApiError } from './api';

/** A sentence a user can act on for a failure, by kind (used by notifications and pages). */
export function describeError(err: SerializedApiError): string {
  switch (err.kind) {
    case 'bad-key':
      return 'The API key was rejected by the service. Check the API key on the options page.';
    case 'rate-limited': {
      const s = err.retryAfterMs !== undefined ? Math.max(1, Math.ceil(err.retryAfterMs / 1000)) : undefined;
      return s ? `The rate limit of the service is reached. Try again in ${s} s.` : 'The rate limit of the service is reached. Try again shortly.';
    }
    case 'network':
      return 'The service could not be reached. Check your connection and the service URL.';
    case 'timeout':
      return 'The service did not answer in time. Check your connection and try again.';
    case 'server':
      return 'The service had an internal error. Try again later.';
    case 'forbidden':
      return `Not allowed for this account: ${err.message}`;
    case 'not-found':
      return `Not found: ${err.message}`;
    default:
      return err.message || 'Something went wrong.';
  }
}
