import { t } from '@/lib/i18n';
import { isRunning } from '@/lib/ui/bulk/run';
import { AccountSelect } from '@/components/common/AccountSelect';
import { useBulk } from './BulkContext';

/** The bulk page's select "Account" (two or more saved connections): disabled, with the reason, while a batch runs. */
export function BulkAccount() {
  const accounts = useBulk((s) => s.accounts);
  const running = useBulk((s) => isRunning(s.view?.batch) || s.starting);
  const switchAccount = useBulk((s) => s.switchAccount);
  return (
    <AccountSelect
      id="bulk-account"
      choice={accounts}
      context="notification"
      disabled={running || accounts.switchingTo !== null}
      note={running ? t('bulkAccountRunning') : null}
      onChange={(fp) => void switchAccount(fp)}
    />
  );
}
