import { useId } from 'react';
import { COPY_FORMAT_NAMES, COPY_FORMATS, type CopyFormat } from '@/lib/links/copyFormat';
import type { Settings } from '@/lib/storage';
import type { MessageKey } from '@/lib/i18n';
import { t } from '@/lib/i18n';

/** The menu items that can be switched off, by their preference. */
const MENU_ITEMS: { key: 'menuShortenLink' | 'menuShortenPage' | 'menuQrPage'; label: MessageKey }[] = [
  { key: 'menuShortenLink', label: 'menuShortenLink' },
  { key: 'menuShortenPage', label: 'menuShortenPage' },
  { key: 'menuQrPage', label: 'menuQrPage' },
];

/** A checkbox preference with its label (and an optional help line). */
function Check({
  id,
  checked,
  label,
  help,
  onChange,
}: {
  id: string;
  checked: boolean;
  label: string;
  help?: string;
  onChange: (v: boolean) => void;
}) {
  return (
    <>
      <div className="check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={help ? `${id}-help` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {help && (
        <p id={`${id}-help`} className="muted">
          {help}
        </p>
      )}
    </>
  );
}

/** Select "Copy format": what automatic copying, the menu, the shortcut and the address bar copy. */
export function CopyFormatSelect({ draft, save }: { draft: Settings; save: (patch: Partial<Settings>) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-format`}>{t('optionsCopyFormat')}</label>
      <select
        id={`${id}-format`}
        value={draft.copyFormat}
        aria-describedby={`${id}-format-help`}
        onChange={(e) => save({ copyFormat: e.target.value as CopyFormat })}
      >
        {COPY_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(COPY_FORMAT_NAMES[f])}
          </option>
        ))}
      </select>
      <p id={`${id}-format-help`} className="muted">
        {t('optionsCopyFormatHelp')}
      </p>
    </>
  );
}

/** Remove tracking parameters, and the context menu items shown. */
export function LinkSwitches({ draft, save }: { draft: Settings; save: (patch: Partial<Settings>) => void }) {
  const id = useId();
  return (
    <>
      <Check
        id={`${id}-clean`}
        checked={draft.cleanLinks}
        label={t('optionsCleanLinks')}
        help={t('optionsCleanLinksHelp')}
        onChange={(v) => save({ cleanLinks: v })}
      />
      <fieldset className="stack">
        <legend>{t('optionsMenuItems')}</legend>
        {MENU_ITEMS.map((m) => (
          <Check key={m.key} id={`${id}-${m.key}`} checked={draft[m.key]} label={t(m.label)} onChange={(v) => save({ [m.key]: v })} />
        ))}
      </fieldset>
    </>
  );
}
