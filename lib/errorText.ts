import type { SerializedApiError } from './api';
import { t } from './i18n';

/** A sentence a user can act on for a failure, by kind (used by notifications and pages). */
export function describeError(err: SerializedApiError): string {
  switch (err.kind) {
    case 'bad-key':
      return t('errBadKey');
    case 'rate-limited': {
      const s = err.retryAfterMs !== undefined ? Math.max(1, Math.ceil(err.retryAfterMs / 1000)) : undefined;
      return s ? t('errRateLimitedIn', s) : t('errRateLimited');
    }
    case 'network':
      return t('errNetwork');
    case 'timeout':
      return t('errTimeout');
    case 'server':
      return t('errServer');
    case 'forbidden':
      return t('errForbidden', err.message);
    case 'not-found':
      return t('errNotFound', err.message);
    default:
      return err.message || t('errUnknown');
  }
}
