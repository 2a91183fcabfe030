import { blockedMessage, checkField, checkUrl } from '@/lib/ui/popupUrl';
import { usePopup } from './PopupContext';
import { PAGE_ALERT_ID } from './ids';

/** Says that the current page cannot be shortened, until a web address is in the field. */
export function PageAlert() {
  const tabUrl = usePopup((s) => s.tabUrl);
  const url = usePopup((s) => s.form.url);
  const page = checkUrl(tabUrl);
  if (page.kind !== 'blocked' || checkField(url, tabUrl).kind === 'ok') return null;
  return (
    <div role="alert" id={PAGE_ALERT_ID}>
      {blockedMessage(page.reason)}
    </div>
  );
}
