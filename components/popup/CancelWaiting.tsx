import { t } from '@/lib/i18n';
import { rowsShown } from '@/lib/ui/popup/reestimate';
import { usePopup } from './PopupContext';
import { WaitingAccount } from './WaitingAccount';

/**
 * Beside the status line that says the followed link waits: the account it waits for, and its
 * Cancel unless "Links waiting" just below lists it with one (one link never has two); a link that
 * list does not show (another account's, or before the list is told) is cancelled here.
 */
export function CancelWaiting() {
  const cancel = usePopup((s) => s.waitingActions.cancelQueued);
  const listed = usePopup((s) => rowsShown(s.waitingLinks, s.accounts?.current, s.incognito).some((l) => l.id === s.queued?.jobId));
  return (
    <>
      <WaitingAccount />
      {listed ? null : (
        <button type="button" onClick={() => void cancel()}>
          {t('popupCancelWaiting')}
        </button>
      )}
    </>
  );
}
