import { useEffect } from 'react';
import { errorSentence, opensOptions } from '@/lib/i18n/errorText';
import { fieldOf } from '@/lib/ui/popup/data';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';
import { ERROR_ID } from './ids';

/** The form control of each field a failure can be about. */
const CONTROL_ID = { url: 'long-url', alias: 'alias', domain: 'domain', campaign: 'campaign' } as const;

/**
 * The failure of the last action, as a sentence the user can act on (text only, never markup).
 * A failure about one field takes the keyboard there from Shorten (a refused alias: to Custom
 * alias), never from where the user went meanwhile.
 */
export function ErrorAlert() {
  const error = usePopup((s) => s.error);
  const openOptions = usePopup((s) => s.formActions.openOptions);
  useEffect(() => {
    const field = fieldOf(error);
    const control = field && (document.getElementById(CONTROL_ID[field]) as HTMLInputElement | HTMLSelectElement | null);
    const at = document.activeElement;
    // Only from Shorten (or nowhere): a link followed that fails later never takes the focus from another button.
    if (control && !control.disabled && (!at || at === document.body || (at instanceof HTMLButtonElement && at.type === 'submit')))
      control.focus();
  }, [error]);
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
