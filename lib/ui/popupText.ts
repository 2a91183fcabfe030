/** The sentences of the popup that depend on data: queue times, campaign notes, the control a failure is about. */
import { toPlainText } from '../api/plainText';
import type { SerializedApiError } from '../api/errors';
import { clock, t } from '../i18n';

/** The popup control a failure is about (by the error's `field`), if any. */
export function fieldOf(err: SerializedApiError | null): 'url' | 'alias' | 'domain' | 'campaign' | null {
  switch (err?.field) {
    case 'url':
      return 'url';
    case 'custom_code':
    case 'customCode':
      return 'alias';
    case 'domain_id':
    case 'domainId':
      return 'domain';
    case 'campaignId':
      return 'campaign';
    default:
      return null;
  }
}

/** The status shown while a link waits in the worker's queue. */
export function queuedMessage(expectedAt: number): string {
  return t('popupQueued', clock(expectedAt));
}

/** The note about a link whose campaign assignment failed. */
export function campaignFailedMessage(reason: string): string {
  const r = toPlainText(reason);
  return t('popupCampaignFailed', r || t('popupCampaignNoReason'));
}
