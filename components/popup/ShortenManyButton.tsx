import { t } from '@/lib/i18n';
import { usePopup } from './PopupContext';

/** The button "Shorten many…": opens the bulk page in a tab (nothing of it loads in the popup). */
export function ShortenManyButton() {
  const openBulk = usePopup((s) => s.formActions.openBulk);
  return (
    <p className="shorten-many">
      <button type="button" onClick={() => void openBulk()}>
        {t('popupShortenMany')}
      </button>
    </p>
  );
}
