import { usePopup } from './PopupContext';

/** The popup's one polite status line: copied, queued, deleted… (always present, so it is announced). */
export function StatusLine() {
  const status = usePopup((s) => s.status);
  return (
    <div role="status" className={status ? 'status-line' : 'status-line empty'}>
      {status}
    </div>
  );
}
