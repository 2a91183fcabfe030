import { useEffect, useRef } from 'react';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { qrFileBase } from '@/lib/ui/qrImage';
import { QrPanel } from '@/components/qr/QrPanel';
import { usePopup } from './PopupContext';
import { CampaignNote, ChannelNote } from './CampaignNote';
import { CopyAs } from './CopyAs';
import { DeleteLink } from './DeleteLink';
import { t } from '@/lib/i18n';

/** The short link made (or chosen): field "Short link", Copy and "Copy as", the campaign and channel outcomes, the QR code, "Delete link". */
export function ResultPanel() {
  const shown = usePopup((s) => s.shown);
  const copyLink = usePopup((s) => s.copyLink);
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
      <h2 id="result-heading">{origin === 'history' ? t('popupResultHistory') : t('popupResultNew')}</h2>
      <label htmlFor="short-link" className="visually-hidden">
        {t('popupShortLinkLabel')}
      </label>
      <div className="row short-row">
        <input id="short-link" ref={field} type="text" readOnly value={entry.shortUrl} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void copyLink(entry)}>
          {t('commonCopy')}
        </button>
        <CopyAs />
      </div>
      <p className="muted long-url" title={entry.longUrl}>
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t('popupOpenLinkLabel', entry.shortUrl)}>
            {t('popupOpenLink')}
          </a>
        ) : null}{' '}
        → <span>{entry.longUrl}</span>
      </p>
      {origin !== 'history' && <CampaignNote outcome={entry.campaign} />}
      {origin !== 'history' && entry.channel && <ChannelNote outcome={entry.channel} />}
      <QrPanel text={entry.shortUrl} fileBase={qrFileBase(entry.shortCode || entry.shortUrl)} onStatus={announce} tracked />
      {origin !== 'history' && <DeleteLink entry={entry} />}
    </section>
  );
}
