import { t } from '@/lib/i18n';

/** One choice of a select: its id and the text shown. */
export interface Choice {
  id: number;
  label: string;
}

/** A labelled select of the account's items with a "none" first; a failed list says so below it. */
export function ChoiceSelect(props: {
  id: string;
  label: string;
  none: string;
  value: string;
  choices: Choice[];
  failed: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { id, label, none, value, choices, failed, disabled, onChange } = props;
  const known = value === '' || choices.some((c) => String(c.id) === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} aria-describedby={failed ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {!known && <option value={value}>{t('commonLoading')}</option>}
        {choices.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.label}
          </option>
        ))}
      </select>
      {failed && (
        <p id={`${id}-hint`} className="hint">
          {failed}
        </p>
      )}
    </div>
  );
}
