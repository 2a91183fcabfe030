import type { Choice } from '@/lib/ui/choices';

/**
 * The one select of the account's items (Domain, Campaign, Channel) on every page: "none" first,
 * a value not in the list kept as an option of its own (`unknownLabel`: still loading, or no
 * longer in the account), then each item; a list that failed to load says so below it.
 */
export function ChoiceSelect(props: {
  id: string;
  label: string;
  none: string;
  value: string;
  choices: readonly Choice[];
  unknownLabel: (value: string) => string;
  failed?: string | null;
  disabled?: boolean;
  invalid?: boolean;
  /** The id of a line outside that also describes it (an organisation's note on the options page). */
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  const { id, value, choices, failed } = props;
  const known = value === '' || choices.some((c) => String(c.id) === value);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={value}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-describedby={[failed ? `${id}-hint` : '', props.describedBy ?? ''].filter(Boolean).join(' ') || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.none}</option>
        {!known && <option value={value}>{props.unknownLabel(value)}</option>}
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
