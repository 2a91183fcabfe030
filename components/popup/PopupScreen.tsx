import { lazy, Suspense, type ReactNode } from 'react';
import { usePopup } from './PopupContext';
import { ShortenForm } from './ShortenForm';
import { StatusLine } from './StatusLine';
import { RecentLinks } from './RecentLinks';
import { t } from '@/lib/i18n';
import './popup.css';
import { useAfterFirstPaint } from './useAfterFirstPaint';

// Not on the first screen: loaded after the first render (failures, the duplicate offer, the
// result with its QR code, the button "Shorten many…"; Recent links loads its items so).
// Not connected: the notice and its button come with their own small chunk.
const NotConnected = lazy(() => import('./NotConnected').then((m) => ({ default: m.NotConnected })));
const ErrorAlert = lazy(() => import('./ErrorAlert').then((m) => ({ default: m.ErrorAlert })));
const DuplicateOffer = lazy(() => import('./DuplicateOffer').then((m) => ({ default: m.DuplicateOffer })));
const ResultPanel = lazy(() => import('./ResultPanel').then((m) => ({ default: m.ResultPanel })));
const UnsentLinks = lazy(() => import('./UnsentLinks').then((m) => ({ default: m.UnsentLinks })));
const ShortenManyButton = lazy(() => import('./ShortenManyButton').then((m) => ({ default: m.ShortenManyButton })));

/** The whole popup: the form at once, then what happened, then Recent links. */
export function PopupScreen() {
  const connection = usePopup((s) => s.connection);
  const later = useAfterFirstPaint();
  // Not even a Suspense boundary in the first render: it mounts with its content after it.
  const afterPaint = (node: ReactNode) => later && <Suspense fallback={null}>{node}</Suspense>;
  return (
    <main className="popup">
      <h1 className="popup-title">{t('popupHeading')}</h1>
      {connection === 'disconnected' ? (
        <Suspense fallback={null}>
          <NotConnected />
        </Suspense>
      ) : (
        <>
          <ShortenForm />
          {afterPaint(<ErrorAlert />)}
          <StatusLine />
          {afterPaint(<UnsentLinks />)}
          {afterPaint(<DuplicateOffer />)}
          {afterPaint(<ResultPanel />)}
          <RecentLinks />
          {afterPaint(<ShortenManyButton />)}
        </>
      )}
    </main>
  );
}
