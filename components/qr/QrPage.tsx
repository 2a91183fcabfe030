import { useEffect } from 'react';
import { qrFileBase } from '@/lib/ui/qrImage';
import { QrPanel } from './QrPanel';
import './qr.css';
import { t } from '@/lib/i18n';

/** The address to encode from the page's query (`?url=`), or null. */
export function urlFromSearch(search: string): string | null {
  const url = new URLSearchParams(search).get('url')?.trim();
  return url ? url : null;
}

/** A file name base for a page's QR code: "qr-<host>". */
function fileBaseFor(url: string): string {
  try {
    return qrFileBase(new URL(url).hostname);
  } catch {
    return 'qr-code';
  }
}

/** The QR page: heading "QR code", the address as text, the QR code and its buttons. */
export function QrPage({ search }: { search: string }) {
  const url = urlFromSearch(search);
  useEffect(() => {
    if (url) document.title = t('qrPageTitleWithUrl', url);
  }, [url]);
  return (
    <main className="qr-page">
      <h1>{t('qrHeading')}</h1>
      {url ? (
        <>
          <p className="qr-url">{url}</p>
          <QrPanel text={url} fileBase={fileBaseFor(url)} />
        </>
      ) : (
        <div role="alert">{t('qrNoAddress', t('menuQrPage'))}</div>
      )}
    </main>
  );
}
