import { UTM_FIELDS, type UtmField } from '@/lib/links/utm';
import { MAX_URL_LENGTH } from '@/lib/api/constants';
import { usePopup } from './PopupContext';
import { UTM_PANEL_ID } from './ids';
import { PresetSelect } from '@/components/common/PresetSelect';
import { t, type MessageKey } from '@/lib/i18n';

const LABELS: Record<UtmField, MessageKey> = {
  source: 'utmSource',
  medium: 'utmMedium',
  campaign: 'utmCampaign',
  term: 'utmTerm',
  content: 'utmContent',
};

/** No presets (an account without site rules): one array, so the store's answer is the same each time it is read. */
const NO_PRESETS: never[] = [];

/** The UTM panel: select "UTM preset" and the five fields; Long URL shows the result. */
export function UtmFields() {
  const utm = usePopup((s) => s.utm);
  const presets = usePopup((s) => s.linkRules?.presets ?? NO_PRESETS);
  const busy = usePopup((s) => s.busy);
  const setField = usePopup((s) => s.utmActions.setUtmField);
  const setPreset = usePopup((s) => s.utmActions.setUtmPreset);
  return (
    <div id={UTM_PANEL_ID} className="utm-panel">
      <PresetSelect
        id="utm-preset"
        label={t('utmPreset')}
        value={utm.presetId}
        presets={presets}
        disabled={busy}
        onChange={(v) => void setPreset(v)}
      />
      <div className="row two">
        {UTM_FIELDS.map((f) => (
          <div className="field" key={f}>
            <label htmlFor={`utm-${f}`}>{t(LABELS[f])}</label>
            <input
              id={`utm-${f}`}
              type="text"
              value={utm.values[f]}
              disabled={busy}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={utm.tooLong ? 'utm-too-long' : undefined}
              onChange={(e) => void setField(f, e.target.value)}
            />
          </div>
        ))}
      </div>
      {utm.tooLong && (
        <p id="utm-too-long" className="hint" role="status">
          {t('popupUtmTooLong', MAX_URL_LENGTH)}
        </p>
      )}
    </div>
  );
}
