import { useRef } from 'react';
import type { HistoryEntry, TrackedQr } from '@/lib/storage';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { errorSentence } from '@/lib/i18n/errorText';
import { truncate } from '@/lib/links/historyText';
import { usePopup } from './PopupContext';
import { DeleteConfirm } from './DeleteConfirm';
import { t } from '@/lib/i18n';

/** One link of Recent links: the short link, the long URL, its tracked QR code's scans, Copy, QR and (when its id is known) Delete. */
export function RecentLinkItem({ entry, tracked }: { entry: HistoryEntry; tracked?: TrackedQr }) {
  const copyLink = usePopup((s) => s.formActions.copyLink);
  const showEntry = usePopup((s) => s.recentActions.showEntry);
  const askDelete = usePopup((s) => s.recentActions.askDelete);
  const removeLocally = usePopup((s) => s.recentActions.removeLocally);
  const confirming = usePopup((s) => s.recent.confirmingId === entry.id && s.recent.confirmingIn === 'list');
  const deleting = usePopup((s) => s.recent.deletingId === entry.id);
  const failure = usePopup((s) => (s.recent.failure?.id === entry.id && s.recent.confirmingIn === 'list' ? s.recent.failure.error : null));
  const deleteButton = useRef<HTMLButtonElement>(null);

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
        {tracked?.state === 'made' && <span className="tracked-scans">{t('popupTrackedScans', tracked.scans ?? 0)}</span>}
      </div>
      <div className="row recent-actions">
        <button type="button" aria-label={t('popupCopyLabel', short)} onClick={() => void copyLink(entry)}>
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
      <DeleteConfirm entryId={entry.id} shortUrl={entry.shortUrl} where="list" returnTo={deleteButton} />
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
