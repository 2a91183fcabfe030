import { parseColour, toHex, toRgb } from '@/lib/ui/colour';
import { t } from '@/lib/i18n';

/**
 * A colour typed #RRGGBB or rgb(r,g,b), or picked (the picker writes the form the endpoint
 * takes). The picker's swatch shows the colour that will be sent, and no colour while the
 * field is empty or not a colour.
 */
export function ColourField({
  id,
  label,
  pickLabel,
  name,
  value,
  onChange,
  writes,
}: {
  id: string;
  label: string;
  /** The colour picker's accessible name ("Pick background colour"). */
  pickLabel: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  /** How a picked colour is written into the field. */
  writes: 'hex' | 'rgb';
}) {
  const colour = parseColour(value);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="row color-row">
        <input
          id={id}
          name={name}
          className="grow"
          spellCheck={false}
          placeholder={writes === 'hex' ? '#RRGGBB' : 'rgb(r,g,b)'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          type="color"
          className={colour ? 'picker' : 'picker none'}
          aria-label={pickLabel}
          title={colour ? undefined : t('optionsNoColourChosen')}
          value={colour ? toHex(colour).toLowerCase() : '#ffffff'}
          onChange={(e) => {
            const picked = parseColour(e.target.value);
            if (picked) onChange(writes === 'hex' ? toHex(picked) : toRgb(picked));
          }}
        />
      </div>
    </>
  );
}
