/**
 * One shorten job, run by the queue: shorten (once: the short link is checkpointed), then add
 * the link to its campaign, then file it in the history. A job runs only for the account it
 * was made for, and a link that was made is never reported as failed (docs/ARCHITECTURE.md).
 */
import { ApiError } from '../api';
import { errorSentence } from '../errorText';
import { t } from '../i18n';
import { settingsItem, type HistoryEntry, type Job } from '../storage';
import { addToHistory } from './history';
import type { JobDeps } from './jobs';
import { withRetry, type RetryPolicy } from './retry';
import type { SessionHolder } from './session';

export interface ShortenJobDeps {
  sessions: SessionHolder;
  now: () => number;
  /** Retries of each request inside one try of the job. */
  policy: RetryPolicy;
}

/** The queue's `run` for shorten jobs. */
export function shortenJobRunner({ sessions, now, policy }: ShortenJobDeps): JobDeps['run'] {
  return async (job, markSending, checkpoint) => {
    const s = await sessions.get();
    if (!s || !s.connection.apiKey || s.fingerprint !== job.fingerprint) return accountChanged(job, now());
    const client = s.clientWithHook(job.priority, markSending);
    let shortened = job.shortened;
    if (!shortened) {
      shortened = await withRetry(
        () =>
          client.shorten({
            url: job.args.url,
            domain_id: job.args.domainId ?? undefined,
            custom_code: job.args.customCode || undefined,
          }),
        { policy },
      );
      await checkpoint({ shortened });
    }
    const entry: HistoryEntry = {
      id: job.id,
      longUrl: job.args.url,
      shortUrl: shortened.shortUrl,
      shortCode: shortened.shortCode,
      linkId: shortened.linkId,
      domainId: job.args.domainId,
      campaign: { state: 'none' },
      createdAt: now(),
      service: s.connection.serviceUrl,
      account: s.fingerprint,
    };
    const campaignId = job.args.campaignId;
    if (campaignId !== null) {
      // Never fail the shortening because of the campaign.
      if (shortened.linkId === null) {
        entry.campaign = { state: 'failed', campaignId, reason: t('errCampaignNoLinkId') };
      } else {
        const linkId = shortened.linkId;
        try {
          await withRetry(() => client.assignCampaignLink(campaignId, linkId), { policy });
          entry.campaign = { state: 'assigned', campaignId };
        } catch (e) {
          entry.campaign = { state: 'failed', campaignId, reason: errorSentence(e, 'notification') };
        }
      }
    }
    await addToHistory(entry);
    return entry;
  };
}

/** The connection is no longer the job's account: a made link is kept, else nothing is sent. */
async function accountChanged(job: Job, now: number): Promise<HistoryEntry> {
  if (!job.shortened) throw new ApiError({ kind: 'bad-key', reason: 'account-changed', message: 'Another account is connected.' });
  const entry: HistoryEntry = {
    id: job.id,
    longUrl: job.args.url,
    ...job.shortened,
    domainId: job.args.domainId,
    campaign:
      job.args.campaignId === null
        ? { state: 'none' }
        : { state: 'failed', campaignId: job.args.campaignId, reason: t('errAccountChanged') },
    createdAt: now,
    service: job.service ?? '',
    account: job.fingerprint,
  };
  await addToHistory(entry);
  return entry;
}

/** The queue's `onSettled`: copies (when the user wants it) and notifies, for jobs no page waits for. */
export function settledNotice(deps: {
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string) => Promise<void>;
}): JobDeps['onSettled'] {
  return async (job) => {
    if (!job.notify) return;
    if (job.state === 'done' && job.result) {
      const settings = await settingsItem.getValue();
      const copied = settings.autoCopy ? await deps.copy(job.result.shortUrl).catch(() => false) : false;
      const c = job.result.campaign;
      const body = c.state === 'failed' ? t('notifyCampaignFailed', job.result.shortUrl, c.reason) : job.result.shortUrl;
      await deps.notify(copied ? t('notifyCopiedTitle') : t('notifyReadyTitle'), body);
    } else if (job.error) {
      await deps.notify(t('notifyFailedTitle'), errorSentence(job.error, 'notification'));
    }
  };
}
