import { usePopup } from './PopupContext';
import { laterPart } from './laterPartsLoad';

// Shown only while a link waits, which is known after the first paint.
const CancelWaiting = laterPart('CancelWaiting');

/** The popup's one polite status line: copied, queued, deleted… (always present, so it is announced); a waiting link can be cancelled (CancelWaiting). */
export function StatusLine() {
  const status = usePopup((s) => s.status);
  // A queued link is waiting, not done: shown in the neutral colour, not the success green.
  const waiting = usePopup((s) => s.queued !== null);
  // Said beside the control it answers (the QR panel's line): spoken here, shown there only (once to the eye).
  const beside = usePopup((s) => s.status !== '' && s.status === s.statusBeside);
  return (
    <>
      <div
        role="status"
        className={['status-line', status ? '' : 'empty', waiting ? 'waiting' : '', beside ? 'visually-hidden' : '']
          .filter(Boolean)
          .join(' ')}
      >
        {status}
      </div>
      {waiting ? <CancelWaiting /> : null}
    </>
  );
}
