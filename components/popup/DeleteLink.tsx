import { useRef } from 'react';
import type { HistoryEntry } from '@/lib/storage';
import { errorSentence } from '@/lib/i18n/errorText';
import { usePopup } from './PopupContext';
import { DeleteConfirm } from './DeleteConfirm';
import { t } from '@/lib/i18n';

/** "Delete link" under a link just made: the same inline confirmation as Recent links. */
export function DeleteLink({ entry }: { entry: HistoryEntry }) {
  const askDelete = usePopup((s) => s.recentActions.askDelete);
  const confirming = usePopup((s) => s.recent.confirmingId === entry.id && s.recent.confirmingIn === 'result');
  const deleting = usePopup((s) => s.recent.deletingId === entry.id);
  const failure = usePopup((s) =>
    s.recent.failure?.id === entry.id && s.recent.confirmingIn === 'result' ? s.recent.failure.error : null,
  );
  const button = useRef<HTMLButtonElement>(null);
  if (entry.linkId === null) return null;
  return (
    <div className="delete-link">
      <button
        type="button"
        ref={button}
        className="danger"
        aria-expanded={confirming}
        disabled={deleting}
        aria-busy={deleting || undefined}
        onClick={() => askDelete(entry.id, 'result')}
      >
        {deleting ? t('popupDeleting') : t('popupDeleteLink')}
      </button>
      <DeleteConfirm entryId={entry.id} shortUrl={entry.shortUrl} where="result" returnTo={button} />
      {failure && (
        <p role="alert" className="alert-text">
          {t('popupDeleteFailed', errorSentence(failure, 'popup'))}
        </p>
      )}
    </div>
  );
}
