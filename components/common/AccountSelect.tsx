import { t } from '@/lib/i18n';
import { errorSentence, type ErrorContext } from '@/lib/i18n/errorText';
import type { AccountChoice } from '@/lib/ui/accountChoice';

/**
 * The select "Account" of the popup and the bulk page: shown only when there are two or more
 * saved connections, each by its name, the current one selected (the one being switched to while
 * the worker switches: busy). A failed switch says why below it; `note` says why it is disabled.
 */
export function AccountSelect(props: {
  id: string;
  choice: AccountChoice;
  /** How the failure is worded (the page's context for errorSentence). */
  context: ErrorContext;
  disabled?: boolean;
  note?: string | null;
  onChange: (fingerprint: string) => void;
}) {
  const { id, choice, note } = props;
  if (choice.list.length < 2) return null;
  const value = choice.switchingTo ?? choice.current ?? '';
  const known = choice.list.some((a) => a.fingerprint === value);
  const failed = choice.error != null;
  const described = [note ? `${id}-note` : '', failed ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field account-select">
      <div className="account-row">
        <label htmlFor={id}>{t('commonAccountLabel')}</label>
        <select
          id={id}
          value={known ? value : ''}
          disabled={props.disabled}
          aria-busy={choice.switchingTo ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => props.onChange(e.target.value)}
        >
          {!known && <option value="">{t('commonAccountChoose')}</option>}
          {choice.list.map((a) => (
            <option key={a.fingerprint} value={a.fingerprint}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      {note && (
        <p id={`${id}-note`} className="muted account-note">
          {note}
        </p>
      )}
      {failed && (
        <p id={`${id}-error`} role="alert" className="alert-text">
          {t('commonAccountSwitchFailed', errorSentence(choice.error, props.context))}
        </p>
      )}
    </div>
  );
}
