import { useEffect, useRef } from 'react';
import { t } from '@/lib/i18n';

/** An in-page confirmation: the question, a confirm button and Cancel (focus starts on Cancel). */
export function ConfirmInline({
  question,
  confirmLabel,
  confirmAria,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  confirmAria?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="confirm" role="group" aria-label={t('optionsConfirmationLabel')}>
      <p>{question}</p>
      <div className="row">
        <button type="button" className="danger" onClick={onConfirm} aria-busy={busy} aria-label={confirmAria}>
          {confirmLabel}
        </button>
        <button type="button" ref={cancel} onClick={onCancel}>
          {t('commonCancel')}
        </button>
      </div>
    </div>
  );
}
