import { isPro } from '@/lib/ui/popup/data';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/** Field "Custom alias": usable on Pro accounts; otherwise disabled with the reason beside it. */
export function AliasField({ invalid, errorId }: { invalid: boolean; errorId?: string }) {
  const account = usePopup((s) => s.account);
  const value = usePopup((s) => s.form.customCode);
  const setCustomCode = usePopup((s) => s.setCustomCode);
  const busy = usePopup((s) => s.busy);
  const pro = isPro(account.value);
  const reason = pro
    ? null
    : account.state === 'loading'
      ? t('popupAliasCheckingPlan')
      : account.state === 'error' && !account.value
        ? t('popupAliasPlanUnknown')
        : t('popupAliasNeedsPro');
  const describedBy = [reason ? 'alias-reason' : null, pro ? 'alias-help' : null, invalid ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor="alias">{t('popupAliasLabel')}</label>
      <input
        id="alias"
        type="text"
        value={pro ? value : ''}
        disabled={!pro || busy}
        placeholder={pro ? t('popupAliasPlaceholder') : undefined}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => setCustomCode(e.target.value)}
      />
      {reason ? (
        <p id="alias-reason" className="hint">
          {reason}
        </p>
      ) : (
        <p id="alias-help" className="hint">
          {t('popupAliasHelp')}
        </p>
      )}
    </div>
  );
}
