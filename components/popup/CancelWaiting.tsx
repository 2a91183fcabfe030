import { t } from '@/lib/i18n';
import { usePopup } from './PopupContext';
import { WaitingAccount } from './WaitingAccount';

/** The button that cancels the followed link while it waits (beside the status line, which says so), and the account it waits for. */
export function CancelWaiting() {
  const cancel = usePopup((s) => s.waitingActions.cancelQueued);
  return (
    <>
      <WaitingAccount />
      <button type="button" onClick={() => void cancel()}>
        {t('popupCancelWaiting')}
      </button>
    </>
  );
}
