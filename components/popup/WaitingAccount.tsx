import { t } from '@/lib/i18n';
import { usePopup } from './PopupContext';

/** Beside a followed link that waits: the account it is made with, when that is not the one chosen in "Account". */
export function WaitingAccount() {
  const fingerprint = usePopup((s) => s.queued?.fingerprint);
  const accounts = usePopup((s) => s.accounts);
  if (!fingerprint || !accounts?.current || fingerprint === accounts.current) return null;
  const name = accounts.list.find((a) => a.fingerprint === fingerprint)?.name;
  return <p className="hint">{name ? t('popupWaitingForAccount', name) : t('popupWaitingOtherAccount')}</p>;
}
