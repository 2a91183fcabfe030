import type { ReactNode } from 'react';
import { usePopup } from './PopupContext';
import { laterPart } from './laterPartsLoad';
import { ShortenForm } from './ShortenForm';
import { StatusLine } from './StatusLine';
import { RecentLinks } from './RecentLinks';
import { t } from '@/lib/i18n';
import { useAfterFirstPaint } from './useAfterFirstPaint';

// Not on the first screen: loaded after the first render (failures, the duplicate offer, the
// result with its QR code, the links waiting and those not sent, the button "Shorten many…", at
// the top the stored-data notice and the select "Account"; Recent links loads its items so), all
// from one chunk (laterParts.ts), the not-connected notice too.
const NotConnected = laterPart('NotConnected');
const ErrorAlert = laterPart('ErrorAlert');
const DuplicateOffer = laterPart('DuplicateOffer');
const ResultPanel = laterPart('ResultPanel');
const Waiting = laterPart('Waiting');
const ShortenManyButton = laterPart('ShortenManyButton');
const PopupTop = laterPart('PopupTop');

/** The whole popup: the form at once, then what happened, then Recent links. */
export function PopupScreen() {
  const connection = usePopup((s) => s.connection);
  const later = useAfterFirstPaint();
  // Not in the first render: each part mounts after it, and draws as soon as its code is there.
  const afterPaint = (node: ReactNode) => later && node;
  return (
    <main className="popup">
      <h1 className="popup-title">{t('popupHeading')}</h1>
      {afterPaint(<PopupTop />)}
      {connection === 'disconnected' ? (
        <NotConnected />
      ) : (
        <>
          <ShortenForm />
          {afterPaint(<ErrorAlert />)}
          <StatusLine />
          {afterPaint(<Waiting />)}
          {afterPaint(<DuplicateOffer />)}
          {afterPaint(<ResultPanel />)}
          <RecentLinks />
          {afterPaint(<ShortenManyButton />)}
        </>
      )}
    </main>
  );
}
