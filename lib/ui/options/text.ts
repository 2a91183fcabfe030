/**
 * Texts and checks of the options page: the service URL check the page runs before
 * anything is sent, and the refusal of a host permission. Failures are worded by lib/i18n/errorText.ts.
 */
import { t } from '@/lib/i18n';
import { serviceUrlProblemText } from '@/lib/i18n/errorText';
import { checkServiceUrl } from '@/lib/links/serviceUrl';

export type UiUrlCheck = { ok: true; url: string; origin: string; loopback: boolean } | { ok: false; message: string };

/** Checks a service URL as typed: https anywhere, http only to this machine (127.0.0.1, localhost, [::1]). */
export function checkServiceUrlInput(input: string): UiUrlCheck {
  const checked = checkServiceUrl(input);
  return checked.ok ? checked : { ok: false, message: serviceUrlProblemText(checked.problem) };
}

/** The refusal of a host permission, in words. */
export function permissionRefusedText(origin: string): string {
  return t('optionsPermissionRefused', origin);
}
