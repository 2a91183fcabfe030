import { t } from '@/lib/i18n';
import { usePopup } from './PopupContext';

/** The popup's one polite status line: copied, queued, deleted… (always present, so it is announced); a waiting link can be cancelled. */
export function StatusLine() {
  const status = usePopup((s) => s.status);
  // A queued link is waiting, not done: shown in the neutral colour, not the success green.
  const waiting = usePopup((s) => s.queued !== null);
  const cancel = usePopup((s) => s.cancelQueued);
  return (
    <>
      <div role="status" className={['status-line', status ? '' : 'empty', waiting ? 'waiting' : ''].filter(Boolean).join(' ')}>
        {status}
      </div>
      {waiting ? (
        <button type="button" onClick={() => void cancel()}>
          {t('popupCancelWaiting')}
        </button>
      ) : null}
    </>
  );
}
