import { COPY_FORMAT_NAMES, COPY_FORMATS, type CopyFormat } from '@/lib/links/copyFormat';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/** Select "Copy as" beside Copy: what Copy puts on the clipboard. */
export function CopyAs() {
  const value = usePopup((s) => s.copyFormat);
  const setCopyFormat = usePopup((s) => s.formActions.setCopyFormat);
  return (
    <>
      <label htmlFor="copy-as" className="visually-hidden">
        {t('popupCopyAs')}
      </label>
      <select
        id="copy-as"
        className="copy-as"
        value={value}
        title={t('popupCopyAs')}
        onChange={(e) => setCopyFormat(e.target.value as CopyFormat)}
      >
        {COPY_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(COPY_FORMAT_NAMES[f])}
          </option>
        ))}
      </select>
    </>
  );
}
