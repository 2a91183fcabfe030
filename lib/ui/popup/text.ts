/** The sentences of the popup that depend on data: queue times, campaign notes. */
import { toPlainText } from '@/lib/api/plainText';
import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import type { JobView, WaitingFor } from '@/lib/messaging';

/** The status shown while a link waits in the worker's queue. */
export function queuedMessage(expectedAt: number): string {
  return t('popupQueued', clock(expectedAt));
}

/** The status of a link queued behind the rate limit, named by its address (a popup opened on another page). */
export function queuedNamed(url: string, expectedAt: number): string {
  return t('popupQueuedNamed', url, clock(expectedAt));
}

/** The note about a link whose campaign assignment failed. */
export function campaignFailedMessage(reason: string): string {
  const r = toPlainText(reason);
  return t('popupCampaignFailed', r || t('popupCampaignNoReason'));
}

/**
 * What a link that is not made yet waits for, in one sentence: the service that cannot be reached
 * or failed, a slow answer, or the rate limit with its time (never a time in the past).
 */
export function waitingMessage(w: { waitingFor?: WaitingFor; reasonKind?: string; expectedAt: number }, now = Date.now()): string {
  if (w.waitingFor === 'service')
    return w.reasonKind === 'server'
      ? t('popupWaitingServer')
      : w.reasonKind === 'timeout'
        ? t('popupWaitingAnswer')
        : t('popupWaitingNetwork');
  if (w.waitingFor === 'answer') return t('popupWaitingAnswer');
  return w.expectedAt > now ? queuedMessage(w.expectedAt) : t('popupQueuedSoon');
}

/** The sentence for a job followed by the popup, as it stands now (null: keep what is shown). */
export function jobWaitingMessage(job: JobView, shown: { status: string; expectedAt: number }, now = Date.now()): string | null {
  if (job.waitingSince !== undefined)
    return waitingMessage({ waitingFor: 'service', reasonKind: job.error?.kind, expectedAt: job.notBefore }, now);
  // The time said has passed while the link still waits: no time in the past.
  const named = queuedNamed(job.url, shown.expectedAt);
  const timed = [queuedMessage(shown.expectedAt), t('popupAlreadyQueued', clock(shown.expectedAt)), named].includes(shown.status);
  if (!timed || shown.expectedAt > now) return null;
  return shown.status === named ? t('popupQueuedSoonNamed', job.url) : t('popupQueuedSoon');
}
