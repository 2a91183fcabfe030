import { useEffect, useRef } from 'react';
import type { HistoryEntry } from '@/lib/storage';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { errorSentence } from '@/lib/errorText';
import { truncate } from '@/lib/ui/popupUrl';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/** One link of Recent links: the short link, the long URL, Copy, QR and (when its id is known) Delete. */
export function RecentLinkItem({ entry }: { entry: HistoryEntry }) {
  const copy = usePopup((s) => s.copy);
  const showEntry = usePopup((s) => s.showEntry);
  const askDelete = usePopup((s) => s.askDelete);
  const cancelDelete = usePopup((s) => s.cancelDelete);
  const confirmDelete = usePopup((s) => s.confirmDelete);
  const removeLocally = usePopup((s) => s.removeLocally);
  const confirming = usePopup((s) => s.recent.confirmingId === entry.id);
  const deleting = usePopup((s) => s.recent.deletingId === entry.id);
  const failure = usePopup((s) => (s.recent.failure?.id === entry.id ? s.recent.failure.error : null));
  const noButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus "No" when the question opens; back to "Delete" when it is answered "No".
  useEffect(() => {
    if (confirming) noButton.current?.focus();
    else if (wasConfirming.current && !deleting) deleteButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming, deleting]);

  const href = safeHttpUrl(entry.shortUrl);
  const short = entry.shortUrl;
  return (
    <li className="recent-item" aria-busy={deleting || undefined}>
      <div className="recent-links">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="short">
            {short}
          </a>
        ) : (
          <span className="short">{short}</span>
        )}
        <span className="long muted" title={entry.longUrl}>
          {truncate(entry.longUrl, 70)}
        </span>
      </div>
      <div className="row recent-actions">
        <button type="button" aria-label={t('popupCopyLabel', short)} onClick={() => void copy(short)}>
          {t('commonCopy')}
        </button>
        <button type="button" aria-label={t('popupQrLabel', short)} onClick={() => showEntry(entry)}>
          {t('popupQrButton')}
        </button>
        {entry.linkId !== null && (
          <button
            type="button"
            ref={deleteButton}
            className="danger"
            aria-label={t('popupDeleteLabel', short)}
            aria-expanded={confirming}
            disabled={deleting}
            onClick={() => askDelete(entry.id)}
          >
            {deleting ? t('popupDeleting') : t('commonDelete')}
          </button>
        )}
      </div>
      {confirming && (
        <div className="confirm row" role="group" aria-labelledby={`confirm-${entry.id}`}>
          <span id={`confirm-${entry.id}`}>{t('popupDeleteQuestion')}</span>
          <button type="button" className="danger" onClick={() => void confirmDelete()}>
            {t('commonYes')}
          </button>
          <button type="button" ref={noButton} onClick={cancelDelete}>
            {t('commonNo')}
          </button>
        </div>
      )}
      {failure && (
        <div role="alert">
          <p className="alert-text">{t('popupDeleteFailed', errorSentence(failure, 'popup'))}</p>
          <button type="button" onClick={() => void removeLocally(entry.id)}>
            {t('popupRemoveLocally')}
          </button>
        </div>
      )}
    </li>
  );
}
