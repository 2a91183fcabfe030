import { errorSentence, opensOptions } from '@/lib/errorText';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';
import { ERROR_ID } from './ids';

/** The failure of the last action, as a sentence the user can act on (text only, never markup). */
export function ErrorAlert() {
  const error = usePopup((s) => s.error);
  const openOptions = usePopup((s) => s.openOptions);
  if (!error) return null;
  return (
    <div role="alert" id={ERROR_ID}>
      <p className="alert-text">{errorSentence(error, 'popup')}</p>
      {opensOptions(error) && (
        <button type="button" onClick={openOptions}>
          {t('commonOpenOptions')}
        </button>
      )}
    </div>
  );
}
