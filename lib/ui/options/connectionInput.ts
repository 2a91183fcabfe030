/**
 * What the options page's two connection forms share ("Connection" and "Add connection"): the
 * checks of the name, service URL and key before anything is sent, the host permission asked
 * inside the click, and the sentence of a failure (docs/ARCHITECTURE.md, "Several connections on the options page").
 */
import type { MessageKey } from '@/lib/i18n';
import { t } from '@/lib/i18n';
import { errorSentence } from '@/lib/i18n/errorText';
import { isGrantedInManifest } from '@/lib/links/serviceUrl';
import type { Checked } from './forms';
import { checkServiceUrlInput, permissionRefusedText } from './text';
import { MAX_CONNECTION_NAME } from '@/lib/storage/names';

/** The attributes of every "Service URL" field (the Connection section's and "Add connection"'s). */
export const SERVICE_URL_FIELD = {
  type: 'url',
  inputMode: 'url',
  autoComplete: 'url',
  spellCheck: false,
  placeholder: 'https://links.example.com',
  'aria-required': 'true',
} as const;

/** Asks the browser for host access to an origin; called inside the click (user gesture). */
export type RequestPermission = (origin: string) => Promise<boolean>;

/** The fields as typed. */
export interface ConnectionFields {
  name: string;
  url: string;
  key: string;
}

/** The fields checked: the name trimmed ('' = none), the URL normalised with its origin, the key trimmed ('' = keep the saved one). */
export interface ConnectionInput {
  name: string;
  url: string;
  origin: string;
  apiKey: string;
}

/** Checks a connection name: optional, at most 100 characters. */
export function checkConnectionName(typed: string): Checked<string> {
  const name = typed.trim();
  if (name.length > MAX_CONNECTION_NAME)
    return { ok: false, field: 'name', message: t('optionsConnectionNameTooLong', MAX_CONNECTION_NAME, name.length) };
  return { ok: true, data: name };
}

/**
 * Checks a connection's fields before anything is sent: the name, the service URL (https, or http
 * to this machine; not the API's own …/api address) and the key (one word; `missingKey` says
 * which message an empty key gets for that URL, or null when the saved key may stay).
 */
export function checkConnectionInput(f: ConnectionFields, missingKey: (url: string) => MessageKey | null): Checked<ConnectionInput> {
  const name = checkConnectionName(f.name);
  if (!name.ok) return name;
  const checked = checkServiceUrlInput(f.url);
  if (!checked.ok) return { ok: false, field: 'serviceUrl', message: checked.message };
  // The API's own address (…/api) would be asked for …/api/api/account: suggest the base.
  const base = checked.url.replace(/\/api\/?$/i, '');
  if (base !== checked.url) return { ok: false, field: 'serviceUrl', message: t('optionsUrlEndsWithApi', base) };
  const apiKey = f.key.trim();
  const missing = apiKey ? null : missingKey(checked.url);
  if (missing) return { ok: false, field: 'apiKey', message: t(missing) };
  if (/\s/.test(apiKey)) return { ok: false, field: 'apiKey', message: t('optionsKeySpaces') };
  return { ok: true, data: { name: name.data, url: checked.url, origin: checked.origin, apiKey } };
}

/** The refusal of host access, told apart from the service's failures. */
export class PermissionRefused extends Error {
  constructor(readonly origin: string) {
    super('permission refused');
  }
}

/**
 * Asks for host access to `origin` (unless the manifest grants it) and rejects with
 * PermissionRefused when refused. Call it first and synchronously in the click: the browser
 * grants a permission only inside the user's gesture.
 */
export async function permitOrigin(origin: string, requestPermission: RequestPermission): Promise<void> {
  let permission: Promise<boolean>;
  try {
    permission = isGrantedInManifest(origin) ? Promise.resolve(true) : requestPermission(origin);
  } catch (err) {
    permission = Promise.reject(err);
  }
  const granted = await permission.catch(() => false);
  if (!granted) throw new PermissionRefused(origin);
}

/** The sentence of a connection form's failure: the refused permission, or the service's failure for that URL. */
export function connectionFailureText(err: unknown, serviceUrl: string): string {
  return err instanceof PermissionRefused ? permissionRefusedText(err.origin) : errorSentence(err, 'connection', { serviceUrl });
}
