import { AccountSelect } from '@/components/common/AccountSelect';
import { usePopup } from './PopupContext';

/** The popup's select "Account" (two or more saved connections): choosing one shows that account's lists, choices and Recent links. */
export function AccountChoice() {
  const accounts = usePopup((s) => s.accounts);
  const busy = usePopup((s) => s.busy);
  const switchAccount = usePopup((s) => s.switchAccount);
  if (!accounts || !switchAccount) return null;
  return <AccountSelect id="popup-account" choice={accounts} context="popup" disabled={busy} onChange={(fp) => void switchAccount(fp)} />;
}
