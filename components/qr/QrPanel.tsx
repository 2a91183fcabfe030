import { lazy, Suspense, useEffect, useState } from 'react';
import { defaultQrActions, svgDataUrl, type QrActions } from '@/lib/ui/qrImage';
import { DEFAULT_QR_STYLE, type QrStyle } from '@/lib/qr/style';
import { loadQrStyle, saveQrStyle } from '@/lib/ui/qrStyle';
import { watchQrStyles } from '@/lib/ui/watchConventions';
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
  /** Offer "Make tracked QR code" (a short link of the account). */
  tracked?: boolean;
  /** Where the style comes from; replaceable in tests. */
  styleSource?: () => Promise<QrStyle>;
  /** Where a style is kept; replaceable in tests. */
  styleSave?: (style: QrStyle | null) => Promise<QrStyle>;
  /** Hears the stored styles change (another browser's synced style); replaceable in tests. */
  styleWatch?: (onChange: () => void) => () => void;
}

// The style's fields and the tracked QR code load on first use (the popup's first screen stays lean).
const QrStyleFields = lazy(() => import('./QrStyleFields').then((m) => ({ default: m.QrStyleFields })));
const TrackedQrPart = lazy(() => import('./TrackedQrPart').then((m) => ({ default: m.TrackedQrPart })));

// While a new style is drawn the code of the same text stays shown (`was`): no flicker, and a
// page holding the image sees its source change rather than the image go.
type Image = { state: 'making'; was?: Shown } | ({ state: 'ready' } & Shown) | { state: 'failed'; message: string };
type Shown = { src: string; text: string };

/** A QR code made locally, with "Copy QR", "Download PNG" and "Download SVG". */
export function QrPanel({
  text,
  fileBase,
  onStatus,
  actions = defaultQrActions,
  tracked = false,
  styleSource = loadQrStyle,
  styleSave = saveQrStyle,
  styleWatch = watchQrStyles,
}: QrPanelProps) {
  const [image, setImage] = useState<Image>({ state: 'making' });
  const [style, setStyle] = useState<QrStyle | null>(null);
  const [styling, setStyling] = useState(false);
  // Bumped when the stored styles change: the style is asked for again (not while its fields are open).
  const [styleChanges, setStyleChanges] = useState(0);
  const [ownStatus, setOwnStatus] = useState('');
  const [failure, setFailure] = useState('');
  // Spoken where the page says things (its status line, which then does not show it) and shown
  // once, beside the buttons: the page's line may be scrolled out of view (the popup's is above).
  const say = (message: string) => {
    setOwnStatus(message);
    onStatus?.(message);
  };

  useEffect(() => {
    let current = true;
    styleSource().then(
      (s) => current && setStyle(s),
      () => current && setStyle(DEFAULT_QR_STYLE),
    );
    return () => {
      current = false;
    };
  }, [styleSource, styleChanges]);

  useEffect(() => {
    if (styling) return undefined;
    return styleWatch(() => setStyleChanges((n) => n + 1));
  }, [styleWatch, styling]);

  useEffect(() => {
    if (!style) return;
    let current = true;
    setImage((prev) => {
      const shown = prev.state === 'ready' ? prev : prev.state === 'making' ? prev.was : undefined;
      return { state: 'making', ...(shown?.text === text ? { was: { src: shown.src, text } } : {}) };
    });
    setFailure('');
    actions.svg(text, style).then(
      (svg) => current && setImage({ state: 'ready', src: svgDataUrl(svg), text }),
      (e: unknown) => current && setImage({ state: 'failed', message: qrFailure(e, style) }),
    );
    return () => {
      current = false;
    };
  }, [text, actions, style]);

  /** Runs one of the buttons' actions and reports how it went. */
  const run = async (action: (style: QrStyle) => Promise<void>, done: string, failed: MessageKey) => {
    setFailure('');
    if (!style) return;
    try {
      await action(style);
      say(done);
    } catch (e) {
      setFailure(t(failed, qrFailure(e, style)));
    }
  };

  const shown = image.state === 'ready' ? image : image.state === 'making' ? image.was : undefined;
  return (
    <div className="qr-panel">
      <div className="qr-frame" aria-busy={image.state === 'making'}>
        {shown && <img src={shown.src} alt={t('qrImageAlt')} width={168} height={168} />}
        {image.state === 'making' && !shown && <span className="muted">{t('qrMaking')}</span>}
      </div>
      {image.state === 'failed' && <div role="alert">{t('qrMakeFailed', image.message)}</div>}
      <div className="row qr-actions">
        <button type="button" onClick={() => void run((st) => actions.copyPng(text, st), t('qrCopied'), 'qrCopyFailed')}>
          {t('qrCopy')}
        </button>
        <button
          type="button"
          onClick={() =>
            void run((st) => actions.downloadPng(text, `${fileBase}.png`, st), t('qrDownloading', `${fileBase}.png`), 'qrPngFailed')
          }
        >
          {t('qrDownloadPng')}
        </button>
        <button
          type="button"
          onClick={() =>
            void run((st) => actions.downloadSvg(text, `${fileBase}.svg`, st), t('qrDownloading', `${fileBase}.svg`), 'qrSvgFailed')
          }
        >
          {t('qrDownloadSvg')}
        </button>
        <button type="button" aria-expanded={styling} disabled={!style} onClick={() => setStyling((v) => !v)}>
          {t('qrStyle')}
        </button>
      </div>
      {failure && <div role="alert">{failure}</div>}
      <Suspense fallback={null}>
        {styling && style && <QrStyleFields style={style} onApply={setStyle} say={say} save={styleSave} />}
        {tracked && <TrackedQrPart shortUrl={text} fileBase={fileBase} hasLogo={Boolean(style?.logo)} say={say} />}
      </Suspense>
      {onStatus ? (
        <p className="qr-status" aria-hidden="true">
          {ownStatus}
        </p>
      ) : (
        <div role="status" className="qr-status">
          {ownStatus}
        </div>
      )}
    </div>
  );
}

/** A short reason for a failed QR action (too long a text is the usual one). */
function qrFailure(e: unknown, style: QrStyle): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/too big|amount of data/i.test(message)) return t(style.logo ? 'qrTooLongWithLogo' : 'qrTooLong');
  return message || t('qrUnknownError');
}
