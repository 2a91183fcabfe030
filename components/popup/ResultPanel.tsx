import { useDeferredValue, useEffect, useRef } from 'react';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { qrFileBase } from '@/lib/ui/qrImage';
import { QrPanel } from '@/components/qr/QrPanel';
import { usePopup } from './PopupContext';
import { CampaignNote, ChannelNote } from './CampaignNote';
import { CopyAs } from './CopyAs';
import { DeleteLink } from './DeleteLink';
import { t } from '@/lib/i18n';

/** Whether the focus is in a field the user types or chooses in. */
const isField = (el: Element | null): boolean =>
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLInputElement && !['button', 'submit', 'checkbox', 'radio'].includes(el.type));

/** The short link made (or chosen): field "Short link", Copy and "Copy as", the campaign and channel outcomes, the QR code, "Delete link". */
export function ResultPanel() {
  const shown = usePopup((s) => s.shown);
  const copyLink = usePopup((s) => s.formActions.copyLink);
  const announce = usePopup((s) => s.formActions.announce);
  const field = useRef<HTMLInputElement>(null);
  // The link first: what follows it (its page, the assignments, the QR code, Delete) is drawn in
  // the render after, so a press's link never waits for the first mount of the QR panel.
  const restOf = useDeferredValue(shown?.entry.id ?? null, null);

  // Move focus to a new link so the keyboard is where the next action is (once per link: not when
  // its assignments are added); a link that waited is made while the user may be typing
  // elsewhere, and never takes the focus from a field.
  const shownId = shown?.entry.id;
  const later = shown?.later === true;
  // After the frame that draws the link: focusing lays the popup out at once, and the link would
  // wait for it (a press's answer renders synchronously, its effects with it).
  useEffect(() => {
    if (!shownId) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => {
        if (later && isField(document.activeElement)) return;
        field.current?.focus();
        field.current?.select();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [shownId, later]);

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
      {restOf === entry.id && (
        <>
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
          <QrPanel
            text={entry.shortUrl}
            fileBase={qrFileBase(entry.shortCode || entry.shortUrl)}
            onStatus={(message) => void announce(message, true)}
            tracked
          />
          {origin !== 'history' && <DeleteLink entry={entry} />}
        </>
      )}
    </section>
  );
}
