/**
 * Shortening for the popup, the context menu and the shortcut: every shorten is a persisted
 * job; the popup waits for it unless the rate budget makes it wait long, then it is queued
 * and the user is told when it settles.
 */
import { checkInput, ShortenInput, toApiError } from '../api';
import { errorSentence } from '../errorText';
import { t } from '../i18n';
import type { ShortenOutcome, ShortenRequest } from '../messaging';
import { settingsItem, type Job } from '../storage';
import { JobQueue } from './jobs';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import type { SessionHolder } from './session';
import { settledNotice, shortenJobRunner } from './shortenJob';

/** Answer at once with "queued" when the budget makes the user wait longer than this. */
export const QUEUE_ANSWER_AFTER_MS = 1500;
/** Longest a page waits for a shorten before being told it is queued. */
export const SHORTEN_WAIT_MS = 20_000;

export interface ShorteningDeps {
  sessions: SessionHolder;
  now: () => number;
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string) => Promise<void>;
  wakeAt: (at: number) => void;
  retry?: RetryPolicy;
  maxJobAttempts?: number;
}

/** The job queue and the shorten messages. */
export function createShortening(deps: ShorteningDeps) {
  const { sessions, now } = deps;
  const jobs = new JobQueue({
    now,
    maxAttempts: deps.maxJobAttempts,
    wakeAt: deps.wakeAt,
    run: shortenJobRunner({ sessions, now, policy: deps.retry ?? DEFAULT_RETRY }),
    onSettled: settledNotice(deps),
  });

  /** Shortens for a page: done at once, or queued when the budget makes it wait. */
  async function shorten(req: ShortenRequest, source: Job['source'] = 'popup'): Promise<ShortenOutcome> {
    const s = await sessions.require();
    // Check the input now so that a bad URL is an immediate error, not a failed job
    // (the client checks again when the job runs).
    checkInput(ShortenInput, { url: req.url, custom_code: req.customCode || undefined, domain_id: req.domainId ?? undefined });
    // Jobs not settled yet are ahead of this one (those waiting at the gate among them).
    const ahead = (await jobs.unsettled()).length;
    const sendAt = s.gate.budgets.estimateSendAt('shorten', ahead);
    const willWait = sendAt - now() > QUEUE_ANSWER_AFTER_MS;
    const job = await jobs.add({
      kind: 'shorten',
      source,
      args: { url: req.url, domainId: req.domainId, campaignId: req.campaignId, customCode: req.customCode || undefined },
      priority: 'interactive',
      fingerprint: s.fingerprint,
      service: s.connection.serviceUrl,
      notify: source !== 'popup' || willWait,
    });
    if (willWait) deps.wakeAt(sendAt);
    // The menu and the shortcut do not wait: the job tells the user when it settles.
    if (willWait || source !== 'popup') return { status: 'queued', jobId: job.id, expectedAt: sendAt };
    const settled = await jobs.waitFor(job.id, SHORTEN_WAIT_MS);
    if (settled?.state === 'done' && settled.result) return { status: 'done', entry: settled.result };
    if (settled?.state === 'failed' && settled.error) throw toApiError(settled.error);
    // Still waiting (retries, budget): the user is told it is queued and notified later.
    const current = await jobs.get(job.id);
    if (current?.state === 'done' && current.result) return { status: 'done', entry: current.result };
    await jobs.markNotify(job.id);
    return { status: 'queued', jobId: job.id, expectedAt: Math.max(now(), s.gate.budgets.estimateSendAt('shorten', 0)) };
  }

  return {
    jobs,

    /** Resumes queued work (worker start, alarm). */
    resume: () => jobs.resume(),

    /** Whether queued work is due soon enough to keep the worker awake for it (else: alarms). */
    async workDueSoon(horizonMs: number): Promise<boolean> {
      const pending = await jobs.unsettled();
      if (pending.length === 0) return false;
      const s = await sessions.get();
      const budgetWait = s ? Math.max(0, s.gate.budgets.waitMs('shorten')) : 0;
      return pending.some((j) => Math.max(j.notBefore - now(), budgetWait) < horizonMs);
    },

    shorten,

    /** Shortens from the context menu or the shortcut with the default domain and campaign. */
    async shortenInBackground(url: string | undefined, source: Exclude<Job['source'], 'popup'>): Promise<void> {
      try {
        if (!url || !/^https?:/i.test(url)) {
          await deps.notify(t('notifyCannotTitle'), t('notifyCannotBody'));
          return;
        }
        const settings = await settingsItem.getValue();
        const outcome = await shorten({ url, domainId: settings.defaultDomainId, campaignId: settings.defaultCampaignId }, source);
        if (outcome.status === 'queued' && outcome.expectedAt - now() > QUEUE_ANSWER_AFTER_MS) {
          const at = new Date(outcome.expectedAt).toLocaleTimeString();
          await deps.notify(t('notifyQueuedTitle'), t('notifyQueuedBody', at));
        }
      } catch (e) {
        await deps.notify(t('notifyFailedTitle'), errorSentence(e, 'notification'));
      }
    },

    /** A job by id (the popup follows queued work). */
    getJob: (data: { jobId: string }) => jobs.get(data.jobId),
  };
}
