import { t } from '@/lib/i18n';

/** The submit button of an options form, with Cancel when the form can be closed (editing). */
export function FormActions({ submitLabel, onCancel }: { submitLabel: string; onCancel?: () => void }) {
  return (
    <div className="row">
      <button type="submit" className="primary">
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
