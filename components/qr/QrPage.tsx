import { useEffect, useState } from 'react';
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

/**
 * The address the page encodes: `?url=` for a normal tab; for a private tab `?id=<opaque id>`,
 * read through `load` (the address is kept out of the page's address and title). undefined: being read.
 */
function usePageAddress(search: string, load?: (id: string) => Promise<string | null>): { url: string | null | undefined; kept: boolean } {
  const id = new URLSearchParams(search).get('id');
  const kept = id !== null && !!load;
  const [loaded, setLoaded] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!kept) return;
    let live = true;
    load(id)
      .catch(() => null)
      .then((url) => live && setLoaded(url?.trim() || null));
    return () => {
      live = false;
    };
  }, [id, kept, load]);
  return kept ? { url: loaded, kept } : { url: urlFromSearch(search), kept };
}

/** The QR page: heading "QR code", the address as text, the QR code and its buttons. */
export function QrPage({ search, load }: { search: string; load?: (id: string) => Promise<string | null> }) {
  const { url, kept } = usePageAddress(search, load);
  useEffect(() => {
    // A private tab's address never goes into the title (history, session restore): "QR code" stays.
    if (url && !kept) document.title = t('qrPageTitleWithUrl', url);
  }, [url, kept]);
  return (
    <main className="qr-page">
      <h1>{t('qrHeading')}</h1>
      {url === undefined ? (
        <p className="muted">{t('commonLoading')}</p>
      ) : url ? (
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
