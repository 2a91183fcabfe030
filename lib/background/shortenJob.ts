/**
 * One shorten job, run by the queue: shorten (once: the short link is checkpointed and filed in
 * the history), tell whoever waits, then add the link to its campaign and its channel side by
 * side, and file what became of them. A job runs only for the account it
 * was made for, and a link that was made is never reported as failed (docs/ARCHITECTURE.md).
 */
import { ApiError, unlessStorageFull } from '@/lib/api';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';
import type { HistoryEntry, Job } from '@/lib/storage';
import { addToHistory, updateInHistory } from './history';
import type { JobRun, JobSteps } from './jobRunner';
import { withRetry, type RetryPolicy } from './retry';
import { onlyWhenLimited } from './waitPolicy';
import type { SessionHolder } from './session';

export interface ShortenJobDeps {
  sessions: SessionHolder;
  now: () => number;
  /** Retries of each request inside one try of the job. */
  policy: RetryPolicy;
}

type Made = { shortened: Job['shortened'] };

/** The failure of a job whose account is no longer the connected one: it was not sent. */
const otherAccount = () => new ApiError({ kind: 'bad-key', reason: 'account-changed', message: 'Another account is connected.' });

/** The queue's `run` for shorten jobs: it tells of the made link, a refusal and a link not sent through the queue's events. */
export function shortenJobRunner(deps: ShortenJobDeps): JobRun {
  const { sessions, now } = deps;
  /** Whether the job's account is no longer saved (replaced, forgotten, or its key forgotten). */
  const changed = async (job: Job) => {
    const s = await sessions.forAccount(job.fingerprint);
    return !s || !s.connection.apiKey;
  };
  /** One try for the job's account; `made` records the short link as soon as it is known. */
  const run = async (job: Job, { markSending, checkpoint, events }: JobSteps, made: Made) => {
    // Its own account's session, current or not: a switch to another account does not stop it.
    const s = await sessions.forAccount(job.fingerprint);
    if (!s || !s.connection.apiKey) throw otherAccount();
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
        {
          policy: onlyWhenLimited(policy),
          onRetry: async (err) => {
            // Refused for the rate limit: the link was not made. Stored before anything else, so a
            // worker stopped while it waits for the budget sends it again instead of ending it as lost.
            await checkpoint({ sentAt: undefined, error: err.toJSON() });
            await events.emit('refused', { job, error: err });
          },
        },
      );
    }
    const campaignId = job.args.campaignId;
    const channelId = job.args.channelId ?? null;
    // The link as shown at once: its assignments pending (a restarted job keeps its first entry).
    const entry: HistoryEntry = job.result ?? {
      id: job.id,
      longUrl: job.args.url,
      shortUrl: shortened.shortUrl,
      shortCode: shortened.shortCode,
      linkId: shortened.linkId,
      domainId: job.args.domainId,
      campaign: campaignId !== null ? { state: 'pending', campaignId } : { state: 'none' },
      channel: channelId !== null ? { state: 'pending', channelId } : { state: 'none' },
      ...(job.args.title ? { title: job.args.title } : {}),
      createdAt: now(),
      service: s.connection.serviceUrl,
      account: s.fingerprint,
    };
    // Kept in the job (what a restarted worker needs not to make it twice), written in the same turn
    // as whoever waits is told of it: telling a page does not change what a restarted worker finds,
    // so the page does not wait for the write. Two wait for it: a private window's job (the write
    // takes its address out of storage) and a bulk row, whose stored record must not say "made"
    // before the job does. Recent links are written meanwhile, not waited for (the
    // browser takes 300–500 ms to write a list of 5,000). The job ends only once the link is filed
    // there, and a job restarted before that files it again. A full storage does not unmake the
    // link: it is shown and copied, only not kept in Recent links.
    let kept: Promise<void> = Promise.resolve();
    if (!job.result) {
      made.shortened = shortened;
      kept = checkpoint({ shortened, result: entry });
      if (job.args.private || job.batchId) await kept;
    }
    const filing = job.filed ? null : addToHistory(entry, job.args.private === true).catch(unlessStorageFull);
    // Whoever waits is told now (popup, notification, bulk row); the assignments go meanwhile.
    const told = job.told ? Promise.resolve() : events.emit('made', { job, entry });
    await kept;
    // The page's answer leaves before the assignments' requests are set up (a task later).
    await new Promise((r) => setTimeout(r, 0));
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
    // Side by side: neither assignment waits for the other.
    const [campaign, channel] = await Promise.all([
      campaignId === null ? null : assign((id) => client.assignCampaignLink(campaignId, id)),
      channelId === null ? null : assign((id) => client.assignChannelItem(channelId, 'links', id)),
    ]);
    const final: HistoryEntry = { ...entry };
    if (campaignId !== null)
      final.campaign = campaign === null ? { state: 'assigned', campaignId } : { state: 'failed', campaignId, reason: campaign };
    if (channelId !== null)
      final.channel = channel === null ? { state: 'assigned', channelId } : { state: 'failed', channelId, reason: channel };
    await told;
    if (filing) {
      await filing;
      await checkpoint({ filed: true });
    }
    if (campaignId !== null || channelId !== null) await updateInHistory(final, job.args.private === true).catch(unlessStorageFull);
    return final;
  };
  return async (job, steps) => {
    const made: Made = { shortened: job.shortened };
    try {
      // run() refuses another account's job itself (one read of the connection, not two).
      return await run(job, steps, made);
    } catch (e) {
      // Closing the old session fails its waiting requests: the account changed, not the key.
      if (!(await changed(job))) throw e;
      // Forgotten by the user, who was told what waited for it (accounts.ts): ended, not kept to make again.
      if (!made.shortened && sessions.wasForgotten(job.fingerprint))
        throw new ApiError({ kind: 'bad-key', reason: 'connection-forgotten', message: 'Its connection was forgotten.' });
      // The bulk page shows its own rows' failures (and retries them); the others are kept to be named.
      // A private window's link is not kept either: its address must not outlive the job.
      if (!made.shortened && job.source !== 'bulk' && !job.args.private) await steps.events.emit('unsent', { job });
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
