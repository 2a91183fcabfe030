import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/** Tells the user to connect the extension first, with the way to the options page (focused: it is the popup's one action). */
export function NotConnected() {
  const openOptions = usePopup((s) => s.formActions.openOptions);
  return (
    <div role="alert" className="notice">
      <p>{t('popupNotConnected')}</p>
      <button type="button" className="primary" onClick={openOptions} autoFocus>
        {t('commonOpenOptions')}
      </button>
    </div>
  );
}
