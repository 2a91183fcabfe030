import { t } from '@/lib/i18n';

/** The select of the account's UTM presets, "No preset" first (the popup's UTM panel and the options page's campaign presets). */
export function PresetSelect(props: {
  id: string;
  label: string;
  value: string;
  presets: readonly { id: string; name: string }[];
  onChange: (id: string) => void;
  name?: string;
  disabled?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{t('utmNoPreset')}</option>
        {props.presets.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
