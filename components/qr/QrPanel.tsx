import { useEffect, useState } from 'react';
import { defaultQrActions, svgDataUrl, type QrActions } from '@/lib/ui/qrImage';
import './qr.css';

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
  const run = async (action: () => Promise<void>, done: string, what: string) => {
    setFailure('');
    try {
      await action();
      say(done);
    } catch (e) {
      setFailure(`${what} did not work: ${qrFailure(e)}`);
    }
  };

  return (
    <div className="qr-panel">
      <div className="qr-frame">
        {image.state === 'ready' && <img src={image.src} alt="QR code" width={168} height={168} />}
        {image.state === 'making' && <span className="muted">Making the QR code…</span>}
      </div>
      {image.state === 'failed' && <div role="alert">The QR code could not be made: {image.message}</div>}
      <div className="row qr-actions">
        <button type="button" onClick={() => void run(() => actions.copyPng(text), 'QR code copied to clipboard', 'Copying the QR code')}>
          Copy QR
        </button>
        <button
          type="button"
          onClick={() => void run(() => actions.downloadPng(text, `${fileBase}.png`), `Downloading ${fileBase}.png`, 'The PNG download')}
        >
          Download PNG
        </button>
        <button
          type="button"
          onClick={() => void run(() => actions.downloadSvg(text, `${fileBase}.svg`), `Downloading ${fileBase}.svg`, 'The SVG download')}
        >
          Download SVG
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
  if (/too big|amount of data/i.test(message)) return 'the text is too long for a QR code.';
  return message || 'unknown error.';
}
