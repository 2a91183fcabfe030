import { t } from '@/lib/i18n';
import { usePopup } from './PopupContext';

/** The button that cancels the followed link while it waits (beside the status line, which says so). */
export function CancelWaiting() {
  const cancel = usePopup((s) => s.cancelQueued);
  return (
    <button type="button" onClick={() => void cancel()}>
      {t('popupCancelWaiting')}
    </button>
  );
}
