import type { Ref } from 'react';
import { t } from '@/lib/i18n';

/** The submit button of an options form, with Cancel when the form can be closed (editing). */
export function FormActions({
  submitLabel,
  onCancel,
  primary = true,
  submitRef,
}: {
  submitLabel: string;
  onCancel?: () => void;
  primary?: boolean;
  submitRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="row">
      <button type="submit" ref={submitRef} className={primary ? 'primary' : undefined}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          {t('commonCancel')}
        </button>
      )}
    </div>
  );
}
