import { useEffect, useState } from 'react';
import { defaultQrActions, svgDataUrl, type QrActions } from '@/lib/ui/qrImage';
// Its rules (qr.css) come with the pages that show it (QrPage imports them; the popup's
// popupLater.css @imports them, added with its later parts): a chunk the popup loads later then
// carries no stylesheet of its own.
import { t, type MessageKey } from '@/lib/i18n';

export interface QrPanelProps {
  /** The text to encode (a short link, a page address). */
  text: string;
  /** File name without extension, e.g. "qr-abc". */
  fileBase: string;
  /** Where to say what happened; without it the panel has its own status line. */
  onStatus?: (message: string) => void;
  actions?: QrActions;
}

type Image = { state: 'making' } | { state: 'ready'; src: string } | { state: 'failed'; message: string };

/** A QR code made locally, with "Copy QR", "Download PNG" and "Download SVG". */
export function QrPanel({ text, fileBase, onStatus, actions = defaultQrActions }: QrPanelProps) {
  const [image, setImage] = useState<Image>({ state: 'making' });
  const [ownStatus, setOwnStatus] = useState('');
  const [failure, setFailure] = useState('');
  const say = (message: string) => (onStatus ? onStatus(message) : setOwnStatus(message));

  useEffect(() => {
    let current = true;
    setImage({ state: 'making' });
    setFailure('');
    actions.svg(text).then(
      (svg) => current && setImage({ state: 'ready', src: svgDataUrl(svg) }),
      (e: unknown) => current && setImage({ state: 'failed', message: qrFailure(e) }),
    );
    return () => {
      current = false;
    };
  }, [text, actions]);

  /** Runs one of the buttons' actions and reports how it went. */
  const run = async (action: () => Promise<void>, done: string, failed: MessageKey) => {
    setFailure('');
    try {
      await action();
      say(done);
    } catch (e) {
      setFailure(t(failed, qrFailure(e)));
    }
  };

  return (
    <div className="qr-panel">
      <div className="qr-frame">
        {image.state === 'ready' && <img src={image.src} alt={t('qrImageAlt')} width={168} height={168} />}
        {image.state === 'making' && <span className="muted">{t('qrMaking')}</span>}
      </div>
      {image.state === 'failed' && <div role="alert">{t('qrMakeFailed', image.message)}</div>}
      <div className="row qr-actions">
        <button type="button" onClick={() => void run(() => actions.copyPng(text), t('qrCopied'), 'qrCopyFailed')}>
          {t('qrCopy')}
        </button>
        <button
          type="button"
          onClick={() => void run(() => actions.downloadPng(text, `${fileBase}.png`), t('qrDownloading', `${fileBase}.png`), 'qrPngFailed')}
        >
          {t('qrDownloadPng')}
        </button>
        <button
          type="button"
          onClick={() => void run(() => actions.downloadSvg(text, `${fileBase}.svg`), t('qrDownloading', `${fileBase}.svg`), 'qrSvgFailed')}
        >
          {t('qrDownloadSvg')}
        </button>
      </div>
      {failure && <div role="alert">{failure}</div>}
      {!onStatus && (
        <div role="status" className="qr-status">
          {ownStatus}
        </div>
      )}
    </div>
  );
}

/** A short reason for a failed QR action (too long a text is the usual one). */
function qrFailure(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/too big|amount of data/i.test(message)) return t('qrTooLong');
  return message || t('qrUnknownError');
}
