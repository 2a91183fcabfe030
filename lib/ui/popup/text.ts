/** The sentences of the popup that depend on data: queue times, campaign notes. */
import { toPlainText } from '../../api/plainText';
import { clock, t } from '../../i18n';

/** The status shown while a link waits in the worker's queue. */
export function queuedMessage(expectedAt: number): string {
  return t('popupQueued', clock(expectedAt));
}

/** The note about a link whose campaign assignment failed. */
export function campaignFailedMessage(reason: string): string {
  const r = toPlainText(reason);
  return t('popupCampaignFailed', r || t('popupCampaignNoReason'));
}
