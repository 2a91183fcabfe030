import { useEffect, useRef, type RefObject } from 'react';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/**
 * The popup's inline "Delete this link on the service?" with Yes and No, for Recent links and
 * for the link just made. Focus goes to No when it opens, and back to `returnTo` on No.
 */
export function DeleteConfirm({ entryId, where, returnTo }: { entryId: string; where: 'list' | 'result'; returnTo: RefObject<HTMLButtonElement | null> }) {
  const confirming = usePopup((s) => s.recent.confirmingId === entryId && s.recent.confirmingIn === where);
  const deleting = usePopup((s) => s.recent.deletingId === entryId);
  const cancelDelete = usePopup((s) => s.cancelDelete);
  const confirmDelete = usePopup((s) => s.confirmDelete);
  const noButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) noButton.current?.focus();
    else if (wasConfirming.current && !deleting) returnTo.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming, deleting, returnTo]);

  if (!confirming) return null;
  const labelId = `confirm-${where}-${entryId}`;
  return (
    <div className="confirm row" role="group" aria-labelledby={labelId}>
      <span id={labelId}>{t('popupDeleteQuestion')}</span>
      <button type="button" className="danger" onClick={() => void confirmDelete()}>
        {t('commonYes')}
      </button>
      <button type="button" ref={noButton} onClick={cancelDelete}>
        {t('commonNo')}
      </button>
    </div>
  );
}
