/**
 * Texts and checks of the options page: the service URL check the page runs before
 * anything is sent, and the sentences shown for failures. Server text stays plain text.
 */
import type { SerializedApiError } from '@/lib/api/errors';
import { describeError } from '@/lib/errorText';
import { checkServiceUrl, isLoopbackHost } from '@/lib/serviceUrl';

export type UiUrlCheck = { ok: true; url: string; origin: string; loopback: boolean } | { ok: false; message: string };

/** Checks a service URL as typed: https anywhere, http only to this machine (127.0.0.1, localhost, [::1]). */
export function checkServiceUrlInput(input: string): UiUrlCheck {
  const raw = input.trim();
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' && !isLoopbackHost(u.hostname))
      return { ok: false, message: 'Use https:// — over http the API key would travel in clear text.' };
  } catch {
    // checkServiceUrl words the other failures.
  }
  return checkServiceUrl(raw);
}

/** Turns anything thrown by `ask` into the error data the worker sends. */
export function toSerializedError(err: unknown): SerializedApiError {
  if (err && typeof err === 'object' && 'kind' in err && 'message' in err) {
    const e = err as SerializedApiError;
    return { ...e, message: typeof e.message === 'string' ? e.message : String(e.message) };
  }
  if (err instanceof Error) return { kind: 'unreadable', message: err.message || 'The extension worker did not answer.' };
  return { kind: 'unreadable', message: 'The extension worker did not answer.' };
}

export const BAD_KEY_TEXT = 'The API key was rejected by the service. Check the API key.';

/** The sentence shown when saving the connection failed. */
export function connectionErrorText(err: unknown, serviceUrl: string): string {
  const e = toSerializedError(err);
  switch (e.kind) {
    case 'bad-key':
      return BAD_KEY_TEXT;
    case 'network':
    case 'timeout':
      return `The service at ${serviceUrl} could not be reached. Check the address and your connection.`;
    case 'rate-limited':
      return describeError(e);
    default:
      return e.message || 'Something went wrong.';
  }
}

/** The sentence shown for any other failure (lists, changes, preferences). */
export function errorText(err: unknown): string {
  const e = toSerializedError(err);
  if (e.kind === 'bad-key') return `${BAD_KEY_TEXT} (see Connection)`;
  return describeError(e);
}

/** The refusal of a host permission, in words. */
export function permissionRefusedText(origin: string): string {
  return `Permission to reach ${origin} was refused; the extension cannot talk to the service without it.`;
}
