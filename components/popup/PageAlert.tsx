import { t } from '@/lib/i18n';
import type { UrlVerdict } from '@/lib/links/address';
import { blockedReason } from '@/lib/links/blockedReason';
import { PAGE_ALERT_ID } from './ids';

/** Says why the current page cannot be shortened (the form shows it until a web address is in the field). */
export function PageAlert({ page }: { page: Extract<UrlVerdict, { kind: 'blocked' }> }) {
  return (
    <div role="alert" id={PAGE_ALERT_ID}>
      {t('popupBlockedMessage', blockedReason(page))}
    </div>
  );
}
