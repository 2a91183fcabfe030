/**
 * One shorten job, run by the queue: shorten (once: the short link is checkpointed), then add
 * the link to its campaign, then file it in the history. A job runs only for the account it
 * was made for, and a link that was made is never reported as failed (docs/ARCHITECTURE.md).
 */
import { ApiError, unlessStorageFull } from '../api';
import { errorSentence } from '../errorText';
import { t } from '../i18n';
import { settingsItem, type HistoryEntry, type Job } from '../storage';
import { addToHistory, keptInHistory } from './history';
import type { JobDeps } from './jobs';
import { withRetry, type RetryPolicy } from './retry';
import { onlyWhenLimited } from './waitPolicy';
import type { SessionHolder } from './session';
import type { NotifyOptions } from './notify';
import { formatCopy } from '../links/copyFormat';

export interface ShortenJobDeps {
  sessions: SessionHolder;
  now: () => number;
  /** Retries of each request inside one try of the job. */
  policy: RetryPolicy;
  /** Keeps a link that was not sent because the account changed (unsent.ts). */
  keepUnsent: (job: Job) => Promise<void>;
  /** Hears that the shorten request failed and will be tried again (the waiting page is told at once). */
  onRetry?: (job: Job, err: ApiError) => void;
}

type Made = { shortened: Job['shortened'] };

/** The failure of a job whose account is no longer the connected one: it was not sent. */
const otherAccount = () => new ApiError({ kind: 'bad-key', reason: 'account-changed', message: 'Another account is connected.' });

/** The queue's `run` for shorten jobs. */
export function shortenJobRunner(deps: ShortenJobDeps): JobDeps['run'] {
  const { sessions, now } = deps;
  /** Whether the connection is no longer the job's account (changed, or the key forgotten). */
  const changed = async (job: Job) => {
    const s = await sessions.get();
    return !s || !s.connection.apiKey || s.fingerprint !== job.fingerprint;
  };
  /** One try for the job's account; `made` records the short link as soon as it is known. */
  const run = async (job: Job, markSending: () => Promise<void>, checkpoint: (p: Partial<Job>) => Promise<void>, made: Made) => {
    const s = await sessions.get();
    if (!s || s.fingerprint !== job.fingerprint) throw otherAccount();
    const client = s.clientWithHook(job.priority, markSending);
    const policy = deps.policy;
    let shortened = job.shortened;
    if (!shortened) {
      shortened = await withRetry(
        () =>
          client.shorten({
            url: job.args.url,
            domain_id: job.args.domainId ?? undefined,
            custom_code: job.args.customCode || undefined,
          }),
        // Once, unless rate limited: after a failure the queue decides (waitPolicy.ts), never a blind resend here.
        { policy: onlyWhenLimited(policy), onRetry: (err) => deps.onRetry?.(job, err) },
      );
      await checkpoint({ shortened });
      made.shortened = shortened;
    }
    const entry: HistoryEntry = {
      id: job.id,
      longUrl: job.args.url,
      shortUrl: shortened.shortUrl,
      shortCode: shortened.shortCode,
      linkId: shortened.linkId,
      domainId: job.args.domainId,
      campaign: { state: 'none' },
      channel: { state: 'none' },
      ...(job.args.title ? { title: job.args.title } : {}),
      createdAt: now(),
      service: s.connection.serviceUrl,
      account: s.fingerprint,
    };
    // Never fail the shortening because of the campaign or the channel: the outcome says why not.
    const linkId = shortened.linkId;
    const assign = async (call: (id: number) => Promise<unknown>): Promise<string | null> => {
      if (linkId === null) return t('errCampaignNoLinkId');
      try {
        await withRetry(() => call(linkId), { policy });
        return null;
      } catch (e) {
        return errorSentence(e, 'notification');
      }
    };
    const campaignId = job.args.campaignId;
    if (campaignId !== null) {
      const reason = await assign((id) => client.assignCampaignLink(campaignId, id));
      entry.campaign = reason === null ? { state: 'assigned', campaignId } : { state: 'failed', campaignId, reason };
    }
    const channelId = job.args.channelId ?? null;
    if (channelId !== null) {
      const reason = await assign((id) => client.assignChannelItem(channelId, 'links', id));
      entry.channel = reason === null ? { state: 'assigned', channelId } : { state: 'failed', channelId, reason };
    }
    // A full storage does not unmake the link: it is shown and copied, only not kept in Recent links.
    await addToHistory(entry, job.args.private === true).catch(unlessStorageFull);
    return entry;
  };
  return async (job, markSending, checkpoint) => {
    const made: Made = { shortened: job.shortened };
    try {
      // run() refuses another account's job itself (one read of the connection, not two).
      return await run(job, markSending, checkpoint, made);
    } catch (e) {
      // Closing the old session fails its waiting requests: the account changed, not the key.
      if (!(await changed(job))) throw e;
      // The bulk page shows its own rows' failures (and retries them); the others are kept to be named.
      // A private window's link is not kept either: its address must not outlive the job.
      if (!made.shortened && job.source !== 'bulk' && !job.args.private) await deps.keepUnsent(job);
      return accountChanged({ ...job, shortened: made.shortened }, now());
    }
  };
}

/** The connection is no longer the job's account: a made link is kept, else nothing is sent. */
async function accountChanged(job: Job, now: number): Promise<HistoryEntry> {
  if (!job.shortened) throw otherAccount();
  const entry: HistoryEntry = {
    id: job.id,
    longUrl: job.args.url,
    ...job.shortened,
    domainId: job.args.domainId,
    campaign:
      job.args.campaignId === null
        ? { state: 'none' }
        : { state: 'failed', campaignId: job.args.campaignId, reason: t('errAccountChanged') },
    channel: job.args.channelId ? { state: 'failed', channelId: job.args.channelId, reason: t('errAccountChanged') } : { state: 'none' },
    ...(job.args.title ? { title: job.args.title } : {}),
    createdAt: now,
    service: job.service ?? '',
    account: job.fingerprint,
  };
  await addToHistory(entry, job.args.private === true);
  return entry;
}

/** The queue's `onSettled`: copies (when the user wants it) and notifies, for jobs no page waits for. */
export function settledNotice(deps: {
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string, opts?: NotifyOptions) => Promise<void>;
}): JobDeps['onSettled'] {
  return async (job) => {
    // Links not sent because the account changed are named together (unsent.ts), not one by one;
    // a private window's link is not kept there, so it is told on its own.
    if (!job.notify || (job.error?.reason === 'account-changed' && !job.args.private)) return;
    if (job.state === 'done' && job.result) {
      const entry = job.result;
      const settings = await settingsItem.getValue();
      const copied = settings.autoCopy ? await deps.copy(formatCopy(settings.copyFormat, entry)).catch(() => false) : false;
      const c = entry.campaign;
      const ch = entry.channel;
      let body = c.state === 'failed' ? t('notifyCampaignFailed', entry.shortUrl, c.reason) : entry.shortUrl;
      if (ch?.state === 'failed') body = t('notifyChannelFailed', body, ch.reason);
      // Undo deletes through Recent links: offered when the link is known there (history on, id known).
      const undo = job.source !== 'popup' && entry.linkId !== null && keptInHistory(settings, job.args.private === true);
      await deps.notify(copied ? t('notifyCopiedTitle') : t('notifyReadyTitle'), body, undo ? { undoEntryId: entry.id } : {});
    } else if (job.error) {
      await deps.notify(t('notifyFailedTitle'), errorSentence(job.error, 'notification'));
    }
  };
}
