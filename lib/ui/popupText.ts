/** The sentences of the popup that depend on data: errors by kind, queue times, campaign notes. */
import { toPlainText } from '../api/plainText';
import type { SerializedApiError } from '../api/errors';
import { t, uiLanguage, type MessageKey } from '../i18n';
import { issueText } from './issueText';

/** What the popup shows for a failure: a sentence and, for a key problem, the way to the options. */
export interface ErrorView {
  message: string;
  openOptions: boolean;
}

/** Names of the API's input fields as the popup labels them (message keys). */
const FIELD_LABELS: Record<string, MessageKey> = {
  url: 'popupLongUrlLabel',
  custom_code: 'popupAliasLabel',
  customCode: 'popupAliasLabel',
  domain_id: 'commonDomain',
  domainId: 'commonDomain',
  campaignId: 'commonCampaign',
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
      return { message: t('popupErrBadKey'), openOptions: true };
    case 'rate-limited':
      return {
        message:
          err.retryAfterMs !== undefined && err.retryAfterMs > 0
            ? t('popupErrRateLimitedAt', seconds(err.retryAfterMs), clock(now + err.retryAfterMs))
            : t('popupErrRateLimited'),
        openOptions: false,
      };
    case 'invalid-input':
    case 'invalid-request': {
      const label = err.field && Object.hasOwn(FIELD_LABELS, err.field) ? FIELD_LABELS[err.field] : undefined;
      const text =
        label && err.field && given.startsWith(`${err.field} `)
          ? t('commonInvalidField', t(label), issueText(given.slice(err.field.length + 1)))
          : given;
      return { message: text || t('popupErrRefused'), openOptions: false };
    }
    case 'network':
      return { message: t('popupErrNetwork'), openOptions: false };
    case 'timeout':
      return { message: t('popupErrTimeout'), openOptions: false };
    case 'forbidden':
      return { message: given ? t('popupErrPlanLimitDetail', given) : t('popupErrPlanLimit'), openOptions: false };
    case 'server':
      return { message: t('popupErrServer'), openOptions: false };
    case 'not-found':
      return { message: given ? t('popupErrNotFoundDetail', given) : t('popupErrNotFound'), openOptions: false };
    case 'unreadable':
    default:
      return { message: given ? t('popupErrUnknownDetail', given) : t('popupErrUnknown'), openOptions: false };
  }
}

/** Local time with seconds in the browser's language (24 hours, two digits: 09:05:07). */
export function clock(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString(uiLanguage(), { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}

/** The status shown while a link waits in the worker's queue. */
export function queuedMessage(expectedAt: number): string {
  return t('popupQueued', clock(expectedAt));
}

/** The note about a link whose campaign assignment failed. */
export function campaignFailedMessage(reason: string): string {
  const r = toPlainText(reason);
  return t('popupCampaignFailed', r || t('popupCampaignNoReason'));
}

/** Makes any thrown value a SerializedApiError (what `ask` rejects with, or a stray Error). */
export function asApiError(e: unknown): SerializedApiError {
  if (e && typeof e === 'object' && 'kind' in e && 'message' in e) return e as SerializedApiError;
  return { kind: 'unreadable', message: e instanceof Error ? e.message : String(e) };
}
