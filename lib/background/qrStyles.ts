/** The QR style messages: each account's style (a logo included) in storage.local, checked before it is kept. */
import { ApiError } from '@/lib/api';
import { asQrStyle, checkQrStyle, DEFAULT_QR_STYLE, type QrStyle } from '@/lib/qr/style';
import { qrStylesItem } from '@/lib/storage';
import type { ShownAccount } from '@/lib/messaging';
import type { SessionHolder } from './session';
import { checkShownAccount } from './shownAccount';
import { conventionsSaved } from './conventionEvents';
import { orgConventionsFor } from './linkRules';

/** The style of the connected account (the default when none was chosen or nobody is connected). */
export async function styleOf(sessions: SessionHolder): Promise<QrStyle> {
  const s = await sessions.get();
  if (!s) return DEFAULT_QR_STYLE;
  // The organisation's style for this service: always when locked, else until the user keeps their own.
  const org = (await orgConventionsFor(s.connection.serviceUrl))?.qrStyle;
  const own = (await qrStylesItem.getValue())[s.fingerprint];
  if (org && (org.locked || !own)) return { ...asQrStyle(org.value), org: { locked: org.locked } };
  return asQrStyle(own);
}

/** The style messages of the current connection. */
export function createQrStyles(sessions: SessionHolder) {
  return {
    getQrStyle: () => styleOf(sessions),

    /** Keeps a style for the connected account (null: back to the default); a style scanners read badly, or one the policy locks, is refused. */
    async saveQrStyle(data: { style: QrStyle | null } & ShownAccount): Promise<QrStyle> {
      const s = await sessions.require();
      // An import names the account its page shows: never kept on another one switched to meanwhile.
      checkShownAccount(s, data?.account);
      if ((await orgConventionsFor(s.connection.serviceUrl))?.qrStyle?.locked) {
        throw new ApiError({ kind: 'forbidden', field: 'qrStyle', reason: 'managed-locked', message: 'qrStyle is set by the policy.' });
      }
      // What the page was told of the organisation's style is not kept with the user's own.
      const { org: _told, ...style } = data?.style ?? DEFAULT_QR_STYLE;
      const own = data?.style ? style : null;
      const problem = own ? checkQrStyle(own) : null;
      if (problem)
        throw new ApiError({
          kind: 'invalid-input',
          field: 'style',
          reason: 'qr-style',
          detail: problem.reason,
          message: `The QR style is refused: ${problem.reason}.`,
        });
      const all = { ...(await qrStylesItem.getValue()) };
      if (own) all[s.fingerprint] = own;
      else delete all[s.fingerprint];
      await qrStylesItem.setValue(all);
      conventionsSaved(s.fingerprint);
      return own ?? (await styleOf(sessions));
    },
  };
}
