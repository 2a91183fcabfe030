import { usePopup } from './PopupContext';
import { laterPart } from './laterPartsLoad';

// Shown only while a link waits, which is known after the first paint.
const CancelWaiting = laterPart('CancelWaiting');

/** The popup's one polite status line: copied, queued, deleted… (always present, so it is announced); a waiting link can be cancelled. */
export function StatusLine() {
  const status = usePopup((s) => s.status);
  // A queued link is waiting, not done: shown in the neutral colour, not the success green.
  const waiting = usePopup((s) => s.queued !== null);
  return (
    <>
      <div role="status" className={['status-line', status ? '' : 'empty', waiting ? 'waiting' : ''].filter(Boolean).join(' ')}>
        {status}
      </div>
      {waiting ? <CancelWaiting /> : null}
    </>
  );
}
