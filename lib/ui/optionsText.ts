/**
 * Texts and checks of the options page: the service URL check the page runs before
 * anything is sent, and the refusal of a host permission. Failures are worded by lib/errorText.
 */
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

/** The refusal of a host permission, in words. */
export function permissionRefusedText(origin: string): string {
  return t('optionsPermissionRefused', origin);
}
