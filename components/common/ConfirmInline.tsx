import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { t } from '@/lib/i18n';

/** Escape pressed inside: the handler runs (a confirmation or an edit form is cancelled) and goes no further. */
export function onEscape(handler: (() => void) | undefined) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !handler) return;
    e.preventDefault();
    e.stopPropagation();
    handler();
  };
}

/**
 * The one in-page confirmation of the options page and the popup: the question (which names the
 * group), a confirm button and a cancel button (focus starts on it; Escape also cancels).
 */
export function ConfirmInline({
  question,
  confirmLabel,
  confirmAria,
  cancelLabel = t('commonCancel'),
  cancelAria,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  /** The confirm button's name with its context ("Yes, delete channel Spring"). */
  confirmAria?: string;
  cancelLabel?: string;
  cancelAria?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => {
    cancel.current?.focus();
  }, []);
  return (
    <div className="confirm" role="group" aria-labelledby={questionId} onKeyDown={onEscape(onCancel)}>
      <p id={questionId}>{question}</p>
      <div className="row">
        <button type="button" className="danger" onClick={onConfirm} aria-busy={busy} aria-label={confirmAria}>
          {confirmLabel}
        </button>
        <button type="button" ref={cancel} onClick={onCancel} aria-label={cancelAria}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
