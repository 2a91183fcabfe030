import { useEffect, useRef, type RefObject } from 'react';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/**
 * The popup's inline "Delete this link on the service?" with Yes and No (named with the link), for
 * Recent links and for the link just made: the one confirmation piece (focus on No, Escape is No),
 * and focus back to `returnTo` on No.
 */
export function DeleteConfirm({
  entryId,
  shortUrl,
  where,
  returnTo,
}: {
  entryId: string;
  shortUrl: string;
  where: 'list' | 'result';
  returnTo: RefObject<HTMLButtonElement | null>;
}) {
  const confirming = usePopup((s) => s.recent.confirmingId === entryId && s.recent.confirmingIn === where);
  const deleting = usePopup((s) => s.recent.deletingId === entryId);
  const cancelDelete = usePopup((s) => s.recentActions.cancelDelete);
  const confirmDelete = usePopup((s) => s.recentActions.confirmDelete);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (!confirming && wasConfirming.current && !deleting) returnTo.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming, deleting, returnTo]);

  if (!confirming) return null;
  return (
    <ConfirmInline
      question={t('popupDeleteQuestion')}
      confirmLabel={t('commonYes')}
      confirmAria={t('popupYesDeleteLink', shortUrl)}
      cancelLabel={t('commonNo')}
      cancelAria={t('popupNoKeepLink', shortUrl)}
      onConfirm={() => void confirmDelete()}
      onCancel={cancelDelete}
    />
  );
}
