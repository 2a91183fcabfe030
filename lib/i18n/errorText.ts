/**
 * The one place where a failure becomes a sentence in the user's language: errors by kind
 * (worded per context: popup, options page, connection box, notification) and the problems
 * the input schemas (lib/api/inputs) name after a field. Server text is shown as plain text.
 */
import { toApiError, type ErrorReason, type SerializedApiError } from '@/lib/api/errors';
import { toPlainText } from '@/lib/api/plainText';
import { t, type MessageKey } from './index';
import { clock } from './format';
import { fieldProblemSentence, issueText } from './issueText';
import type { ServiceUrlProblem } from '@/lib/links/serviceUrl';

/** Where a sentence is shown; the wording differs (the popup links to the options, the connection box names the URL). */
export type ErrorContext = 'popup' | 'options' | 'connection' | 'notification';

export interface SentenceOptions {
  /** The time the sentence is made (popup: "at about 10:00:29"). */
  now?: number;
  /** The service URL being connected to (connection context). */
  serviceUrl?: string;
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

/** Whether the failure is fixed on the options page (a key problem): the popup offers the way there. */
export function opensOptions(err: SerializedApiError | null | undefined): boolean {
  // A link not sent because another account is connected is made again in the popup, not there.
  return err?.kind === 'bad-key' && err.reason !== 'account-changed';
}

/** A sentence a user can act on for any failure (thrown value or error data), worded for `context`. */
export function errorSentence(err: unknown, context: ErrorContext, opts: SentenceOptions = {}): string {
  // A throwable that says nothing, on a page, came from a worker that did not answer.
  const e = toApiError(err, context === 'options' || context === 'connection' ? t('optionsWorkerNoAnswer') : undefined).toJSON();
  if (e.reason) return reasonSentence(e.reason, e.detail ?? '');
  switch (context) {
    case 'popup':
      return popupSentence(e, opts.now ?? Date.now());
    case 'connection':
      return connectionSentence(e, opts.serviceUrl ?? '');
    case 'options':
      return e.kind === 'bad-key' ? t('optionsBadKeySeeConnection') : generalSentence(e);
    case 'notification':
    default:
      return generalSentence(e);
  }
}

/** The worker's own cases, by reason. */
const REASON_KEYS: Record<ErrorReason, MessageKey> = {
  'not-connected': 'errNotConnected',
  'service-url': 'optionsUrlNotFull',
  'key-required': 'errKeyRequired',
  'key-spaces': 'errKeySpaces',
  'no-permission': 'errNoPermission',
  'connection-changed': 'errConnectionChanged',
  'account-changed': 'errAccountChangedNotCreated',
  'history-gone': 'errHistoryGone',
  'link-id-unknown': 'errLinkIdUnknown',
  'account-unknown': 'errAccountUnknown',
  'image-elsewhere': 'errImageElsewhere',
  'not-own-page': 'errNotOwnPage',
  'managed-locked': 'errManagedLocked',
  'qr-style': 'errQrStyle',
  'no-answer': 'optionsWorkerNoAnswer',
  'answer-lost': 'errAnswerLost',
  'alias-after-lost-answer': 'errAliasAfterLostAnswer',
  'gave-up-waiting': 'errGaveUpWaiting',
  cancelled: 'errCancelled',
  'name-too-long': 'errNameTooLong',
  'connection-exists': 'errConnectionExists',
  'no-such-connection': 'errNoSuchConnection',
  'connection-forgotten': 'errConnectionForgotten',
  'account-switched': 'errAccountSwitched',
  'storage-full': 'errStorageFull',
};

/** Why a service URL is refused, in words. */
const URL_PROBLEM_KEYS: Record<ServiceUrlProblem, MessageKey> = {
  required: 'optionsUrlRequired',
  'not-full': 'optionsUrlNotFull',
  http: 'optionsUrlHttp',
  'http-host': 'optionsUrlHttpHost',
  credentials: 'optionsUrlCredentials',
  'not-http': 'optionsUrlStartHttps',
};

/** The sentence for a refused service URL. */
export function serviceUrlProblemText(problem: ServiceUrlProblem): string {
  return t(Object.hasOwn(URL_PROBLEM_KEYS, problem) ? URL_PROBLEM_KEYS[problem] : 'optionsUrlNotFull');
}

function reasonSentence(reason: ErrorReason, detail: string): string {
  if (reason === 'service-url') return serviceUrlProblemText(detail as ServiceUrlProblem);
  return Object.hasOwn(REASON_KEYS, reason) ? t(REASON_KEYS[reason], detail) : t('errUnknown');
}

/** Seconds, rounded up, at least 1. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The service's own words (or, in error data that does not carry them apart, the message), as plain text. */
function serverText(err: SerializedApiError): string {
  return toPlainText(err.serverText ?? err.message ?? '');
}

/** The problem of an invalid input, without the field name the schemas put first. */
function problemOf(err: SerializedApiError): string {
  const text = serverText(err);
  return err.field && text.startsWith(`${err.field} `) ? text.slice(err.field.length + 1) : text;
}

/**
 * An invalid input: a schema's "<field> <problem>" becomes the field (by the popup's label when it
 * has one) and the problem in the user's language; a sentence a page made itself stays as it is.
 */
function inputSentence(err: SerializedApiError): string {
  const text = serverText(err);
  const problem = problemOf(err);
  if (!err.field || problem === text) return text || t('errRefused');
  const label = Object.hasOwn(FIELD_LABELS, err.field) ? t(FIELD_LABELS[err.field]!) : err.field;
  return fieldProblemSentence(label, issueText(problem));
}

/** The service refused the request: its reason once, framed in the user's language. */
function refusedSentence(err: SerializedApiError): string {
  const text = serverText(err);
  return text ? t('errServiceSaid', text) : t('errRefused');
}

function generalSentence(err: SerializedApiError): string {
  const text = serverText(err);
  switch (err.kind) {
    case 'bad-key':
      return t('errBadKey');
    case 'rate-limited':
      return err.retryAfterMs !== undefined ? t('errRateLimitedIn', seconds(err.retryAfterMs)) : t('errRateLimited');
    case 'network':
      return t('errNetwork');
    case 'timeout':
      return t('errTimeout');
    case 'server':
      return t('errServer');
    case 'forbidden':
      return text ? t('errForbidden', text) : t('errForbiddenNoDetail');
    case 'not-found':
      return text ? t('errNotFound', text) : t('popupErrNotFound');
    case 'invalid-input':
      return inputSentence(err);
    case 'invalid-request':
      return refusedSentence(err);
    case 'unreadable':
    default:
      return isUnreadableAnswer(err) ? t('errUnreadable') : text || t('errUnreadable');
  }
}

function connectionSentence(err: SerializedApiError, serviceUrl: string): string {
  switch (err.kind) {
    case 'bad-key':
      return t('optionsBadKey');
    case 'network':
    case 'timeout':
      return t('optionsUnreachable', serviceUrl);
    default:
      return generalSentence(err);
  }
}

/** An answer came from the service but could not be read (the client marks it with the service's text, empty). */
function isUnreadableAnswer(err: SerializedApiError): boolean {
  return err.kind === 'unreadable' && err.serverText === '';
}

function popupSentence(err: SerializedApiError, now: number): string {
  const given = serverText(err);
  switch (err.kind) {
    case 'bad-key':
      return t('popupErrBadKey');
    case 'rate-limited':
      return err.retryAfterMs !== undefined && err.retryAfterMs > 0
        ? t('popupErrRateLimitedAt', seconds(err.retryAfterMs), clock(now + err.retryAfterMs))
        : t('popupErrRateLimited');
    case 'invalid-input':
      return inputSentence(err);
    case 'invalid-request':
      return given ? t('errServiceSaid', given) : t('popupErrRefused');
    case 'network':
      return t('popupErrNetwork');
    case 'timeout':
      return t('popupErrTimeout');
    case 'forbidden':
      return given ? t('popupErrPlanLimitDetail', given) : t('popupErrPlanLimit');
    case 'server':
      return t('popupErrServer');
    case 'not-found':
      return given ? t('popupErrNotFoundDetail', given) : t('popupErrNotFound');
    case 'unreadable':
    default:
      // An answer of the service that cannot be read (HTML, cut short): the options page's sentence, not "something went wrong".
      if (isUnreadableAnswer(err)) return t('errUnreadable');
      return given ? t('popupErrUnknownDetail', given) : t('popupErrUnknown');
  }
}
