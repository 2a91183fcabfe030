/**
 * Texts and checks of the options page: the service URL check the page runs before
 * anything is sent, and the sentences shown for failures. Server text stays plain text.
 */
import type { SerializedApiError } from '@/lib/api/errors';
import { describeError } from '@/lib/errorText';
import { t } from '@/lib/i18n';
import { checkServiceUrl, isLoopbackHost } from '@/lib/serviceUrl';

export type UiUrlCheck = { ok: true; url: string; origin: string; loopback: boolean } | { ok: false; message: string };

/** Checks a service URL as typed: https anywhere, http only to this machine (127.0.0.1, localhost, [::1]). */
export function checkServiceUrlInput(input: string): UiUrlCheck {
  const raw = input.trim();
  // The failures are worded here (in the user's language); checkServiceUrl normalises.
  if (!raw) return { ok: false, message: t('optionsUrlRequired') };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, message: t('optionsUrlNotFull') };
  }
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) return { ok: false, message: t('optionsUrlHttp') };
  if (u.username || u.password) return { ok: false, message: t('optionsUrlCredentials') };
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, message: t('optionsUrlStartHttps') };
  return checkServiceUrl(raw);
}

/** Turns anything thrown by `ask` into the error data the worker sends. */
export function toSerializedError(err: unknown): SerializedApiError {
  if (err && typeof err === 'object' && 'kind' in err && 'message' in err) {
    const e = err as SerializedApiError;
    return { ...e, message: typeof e.message === 'string' ? e.message : String(e.message) };
  }
  if (err instanceof Error) return { kind: 'unreadable', message: err.message || t('optionsWorkerNoAnswer') };
  return { kind: 'unreadable', message: t('optionsWorkerNoAnswer') };
}

/** The sentence shown when saving the connection failed. */
export function connectionErrorText(err: unknown, serviceUrl: string): string {
  const e = toSerializedError(err);
  switch (e.kind) {
    case 'bad-key':
      return t('optionsBadKey');
    case 'network':
    case 'timeout':
      return t('optionsUnreachable', serviceUrl);
    case 'rate-limited':
      return describeError(e);
    default:
      return e.message || t('optionsSomethingWrong');
  }
}

/** The sentence shown for any other failure (lists, changes, preferences). */
export function errorText(err: unknown): string {
  const e = toSerializedError(err);
  if (e.kind === 'bad-key') return t('optionsBadKeySeeConnection');
  return describeError(e);
}

/** The refusal of a host permission, in words. */
export function permissionRefusedText(origin: string): string {
  return t('optionsPermissionRefused', origin);
}
