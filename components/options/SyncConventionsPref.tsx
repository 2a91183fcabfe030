import { useId } from 'react';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';
import { useSyncPref } from '@/lib/ui/options/syncPref';

/** "Sync presets, rules and QR style": the switch, what is synced and never is, and what stays in this browser. */
export function SyncConventionsPref() {
  const id = useId();
  const { status, error, setEnabled } = useSyncPref();
  if (!status) return error ? <p role="alert">{errorSentence(error, 'options')}</p> : null;
  return (
    <>
      <div className="check">
        <input
          id={id}
          type="checkbox"
          checked={status.enabled}
          aria-describedby={`${id}-help ${id}-state`}
          onChange={(e) => void setEnabled(e.target.checked)}
        />
        <label htmlFor={id}>{t('optionsSyncConventions')}</label>
      </div>
      <p id={`${id}-help`} className="muted">
        {t('optionsSyncConventionsHint')}
      </p>
      <div id={`${id}-state`}>
        <p className="muted">{t(status.enabled && !status.tooLarge ? 'optionsSyncOn' : 'optionsSyncOff')}</p>
        {status.tooLarge && <p>{t('optionsSyncTooLarge')}</p>}
        {status.logoKept && <p>{t('optionsSyncLogoKept')}</p>}
      </div>
      {error && <p role="alert">{errorSentence(error, 'options')}</p>}
    </>
  );
}
