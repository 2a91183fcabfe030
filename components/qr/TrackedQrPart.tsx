import { useEffect, useState } from 'react';
import type { TrackedQr } from '@/lib/storage';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { errorSentence } from '@/lib/i18n/errorText';
import { copyTrackedImage, downloadTrackedImage, makeTrackedQr, qrStatsUrl, trackedQrs, waitTrackedQr } from '@/lib/ui/trackedQr';
import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';

/** "Make tracked QR code", then the service's QR image, "Scans" with the count and "Open statistics". */
export function TrackedQrPart({
  shortUrl,
  fileBase,
  hasLogo,
  say,
}: {
  shortUrl: string;
  fileBase: string;
  hasLogo: boolean;
  say: (message: string) => void;
}) {
  const [qr, setQr] = useState<TrackedQr | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  /** Follows a waiting one until it is made. */
  const follow = async (entry: TrackedQr) => {
    setQr(entry);
    if (entry.state !== 'waiting') return;
    try {
      setQr(await waitTrackedQr(shortUrl));
      say(t('qrTrackedMade'));
    } catch (e) {
      setQr(null);
      setFailure(t('qrTrackedFailed', errorSentence(e, 'popup')));
    }
  };

  useEffect(() => {
    let live = true;
    trackedQrs().then(
      (all) => live && all[shortUrl] && void follow(all[shortUrl]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shortUrl]);

  const make = async () => {
    setBusy(true);
    setFailure('');
    try {
      const made = await makeTrackedQr(shortUrl);
      if (made.state === 'made') say(t('qrTrackedMade'));
      await follow(made);
    } catch (e) {
      setFailure(t('qrTrackedFailed', errorSentence(e, 'popup')));
    } finally {
      setBusy(false);
    }
  };

  /** Copies or downloads the service's image (read by the worker). */
  const withImage = async (action: () => Promise<string>) => {
    setFailure('');
    try {
      say(await action());
    } catch (e) {
      setFailure(t('qrTrackedImageFailed', errorSentence(e, 'popup')));
    }
  };

  const image = qr?.link ? safeHttpUrl(qr.link) : null;
  return (
    <div className="qr-tracked">
      {!qr && (
        <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void make()}>
          {busy ? t('qrTrackedMaking') : t('qrTrackedMake')}
        </button>
      )}
      {qr?.state === 'waiting' && <p role="status">{t('qrTrackedWaiting', clock(qr.sendAt ?? Date.now()))}</p>}
      {qr?.state === 'made' && (
        <section aria-label={t('qrTrackedHeading')}>
          {image && <img src={image} alt={t('qrTrackedImageAlt')} width={96} height={96} className="qr-tracked-img" />}
          <p className="qr-scans">{t('qrTrackedScans', qr.scans ?? 0)}</p>
          {image && (
            <div className="row qr-actions">
              <button type="button" onClick={() => void withImage(async () => (await copyTrackedImage(shortUrl), t('qrCopied')))}>
                {t('qrTrackedCopy')}
              </button>
              <button
                type="button"
                onClick={() => void withImage(async () => t('qrDownloading', await downloadTrackedImage(shortUrl, fileBase)))}
              >
                {t('qrTrackedDownload')}
              </button>
            </div>
          )}
          <div className="row qr-actions">
            {qr.id !== undefined && (
              <a href={qrStatsUrl(qr.id)} target="_blank" rel="noopener">
                {t('qrTrackedOpenStats')}
              </a>
            )}
          </div>
          {hasLogo && <p className="muted">{t('qrTrackedNoLogo')}</p>}
        </section>
      )}
      {failure && <div role="alert">{failure}</div>}
    </div>
  );
}
