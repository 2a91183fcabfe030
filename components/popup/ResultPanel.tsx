import { useEffect, useRef } from 'react';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { qrFileBase } from '@/lib/ui/qrImage';
import { QrPanel } from '@/components/qr/QrPanel';
import { usePopup } from './PopupContext';
import { CampaignNote } from './CampaignNote';

/** The short link made (or chosen): field "Short link", Copy, the campaign outcome and the QR code. */
export function ResultPanel() {
  const shown = usePopup((s) => s.shown);
  const copy = usePopup((s) => s.copy);
  const announce = usePopup((s) => s.announce);
  const field = useRef<HTMLInputElement>(null);

  // Move focus to the new link so the keyboard is where the next action is.
  useEffect(() => {
    if (shown) {
      field.current?.focus();
      field.current?.select();
    }
  }, [shown]);

  if (!shown) return null;
  const { entry, origin } = shown;
  const href = safeHttpUrl(entry.shortUrl);
  return (
    <section className="result" aria-labelledby="result-heading">
      <h2 id="result-heading">{origin === 'history' ? 'From Recent links' : 'Your short link'}</h2>
      <label htmlFor="short-link" className="visually-hidden">
        Short link
      </label>
      <div className="row nowrap">
        <input id="short-link" ref={field} type="text" readOnly value={entry.shortUrl} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void copy(entry.shortUrl)}>
          Copy
        </button>
      </div>
      <p className="muted long-url" title={entry.longUrl}>
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Open ${entry.shortUrl} in a new tab`}>
            Open
          </a>
        ) : null}{' '}
        → <span>{entry.longUrl}</span>
      </p>
      {origin !== 'history' && <CampaignNote outcome={entry.campaign} />}
      <QrPanel text={entry.shortUrl} fileBase={qrFileBase(entry.shortCode || entry.shortUrl)} onStatus={announce} />
    </section>
  );
}
