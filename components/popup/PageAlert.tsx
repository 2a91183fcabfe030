import { blockedMessage } from '@/lib/links/address';
import { PAGE_ALERT_ID } from './ids';

/** Says why the current page cannot be shortened (the form shows it until a web address is in the field). */
export function PageAlert({ reason }: { reason: string }) {
  return (
    <div role="alert" id={PAGE_ALERT_ID}>
      {blockedMessage(reason)}
    </div>
  );
}
