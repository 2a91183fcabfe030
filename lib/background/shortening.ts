/**
 * Shortening for the popup, the context menu and the shortcut: every shorten is a persisted
 * job; the popup waits for its short link (not for its assignments, which it follows after)
 * unless the rate budget makes it wait long, then it is queued and the user is told when the
 * link is made.
 */
import { ApiError, checkInput, ShortenInput, toApiError } from '@/lib/api';
import type { JobView, ShortenOutcome, ShortenRequest, WaitingFor, WaitingLinks } from '@/lib/messaging';
import type { Job } from '@/lib/storage';
import { JobQueue } from './jobs';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import type { WaitPolicy } from './waitPolicy';
import type { SessionHolder } from './session';
import { shortenJobRunner } from './shortenJob';
import { tellOfJobs } from './jobTelling';
import type { Session } from './session';
import { createUnsent } from './unsent';
import { createPopupWatch } from './popupWatch';
import type { NotifyOptions } from './notify';
import { checkChannelId } from './channelId';
import { sameLinkAsked as sameLink } from '@/lib/links/sameLink';
import { aheadOfPress, budgetEstimates, popupWaitingOf, QUEUE_ANSWER_AFTER_MS, SHORTEN_WAIT_MS } from './waitEstimates';
import { backgroundShorten } from './backgroundShorten';
import { jobView, jobViewOrNull } from './jobViews';

/** Titles longer than this are cut (they only serve the copy formats). */
const MAX_TITLE_LENGTH = 500;

/** A link waiting for the service keeps the worker awake only for a try due this soon (Chrome's alarms come no sooner). */
const WAITING_AWAKE_MS = 30_000;

export interface ShorteningDeps {
  sessions: SessionHolder;
  now: () => number;
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string, opts?: NotifyOptions) => Promise<void>;
  wakeAt: (at: number) => void;
  retry?: RetryPolicy;
  maxJobAttempts?: number;
  waitPolicy?: WaitPolicy;
  /** How long a page waits for a shorten before it is told the link waits; default SHORTEN_WAIT_MS. */
  shortenWaitMs?: number;
}

/** The job queue and the shorten messages. */
export function createShortening(deps: ShorteningDeps) {
  const { sessions, now } = deps;
  const unsent = createUnsent(deps.notify);
  const jobs = new JobQueue({
    now,
    maxAttempts: deps.maxJobAttempts,
    policy: deps.waitPolicy,
    wakeAt: deps.wakeAt,
    run: shortenJobRunner({ sessions, now, policy: deps.retry ?? DEFAULT_RETRY }),
  });
  tellOfJobs(jobs, deps, unsent);
  const watch = createPopupWatch(jobs);

  /** Checks a request and stores its job; `sendAt` is when the budget lets it go. */
  async function enqueue(s: Session, req: ShortenRequest, source: Job['source'], notify: (sendAt: number) => boolean) {
    // Check the input now so that a bad URL is an immediate error, not a failed job
    // (the client checks again when the job runs).
    checkInput(ShortenInput, { url: req.url, custom_code: req.customCode || undefined, domain_id: req.domainId ?? undefined });
    // The presses waiting at the gate are ahead of this one (those on the wire the budget counts already).
    const ahead = aheadOfPress(await jobs.unsettled(), s.fingerprint, jobs.isOnWire, now());
    const sendAt = s.gate.budgets.estimateSendAt('shorten', ahead);
    const told = notify(sendAt);
    const job = await jobs.add({
      kind: 'shorten',
      source,
      args: {
        url: req.url,
        domainId: req.domainId,
        campaignId: req.campaignId,
        customCode: req.customCode || undefined,
        channelId: checkChannelId(req.channelId),
        ...(typeof req.title === 'string' && req.title.trim() ? { title: req.title.trim().slice(0, MAX_TITLE_LENGTH) } : {}),
        ...(req.private === true ? { private: true } : {}),
      },
      priority: 'interactive',
      fingerprint: s.fingerprint,
      service: s.connection.serviceUrl,
      notify: told,
      ...(told ? { toldWaiting: true } : {}), // no page waits for it (the menu), or the page is told it waits: a popup lists it
    });
    return { job, sendAt };
  }

  /** The same link with the same choices still waiting for this account (not a bulk row), and when it may go. */
  async function sameWaiting(s: Session, req: ShortenRequest): Promise<{ job: Job; expectedAt: number } | null> {
    const pending = await jobs.unsettled();
    const job = pending.find((j) => j.source !== 'bulk' && j.fingerprint === s.fingerprint && sameLink(j.args, req));
    if (!job) return null;
    const at = (await budgetEstimates(pending, async (fp) => (fp === s.fingerprint ? s : null), jobs.isOnWire, now())).get(job.id) ?? 0;
    return { job, expectedAt: Math.max(now(), job.notBefore, at) };
  }

  /** What a job not settled yet waits for: the service (it could not be reached), its answer (on the wire), or the budget. */
  function waitingFor(job: Job | null, id: string): WaitingFor {
    if (job?.waitingSince !== undefined) return 'service';
    return jobs.isOnWire(id) ? 'answer' : 'budget';
  }

  /** Shortens for a page: done at once, or queued when the budget makes it wait or the service does not answer. */
  async function shorten(req: ShortenRequest, source: Job['source'] = 'popup'): Promise<ShortenOutcome> {
    const s = await sessions.require();
    // A second press while the link waits follows the same job: one link, not two.
    const waiting = await sameWaiting(s, req);
    if (waiting)
      return {
        status: 'queued',
        jobId: waiting.job.id,
        expectedAt: waiting.expectedAt,
        already: true,
        waitingFor: waitingFor(waiting.job, waiting.job.id),
      };
    const willWait = (sendAt: number) => sendAt - now() > QUEUE_ANSWER_AFTER_MS;
    // The menu and the shortcut do not wait: the job tells the user when it settles.
    const { job, sendAt } = await enqueue(s, req, source, (at) => source !== 'popup' || willWait(at));
    if (willWait(sendAt)) deps.wakeAt(sendAt);
    if (willWait(sendAt) || source !== 'popup') return { status: 'queued', jobId: job.id, expectedAt: sendAt, waitingFor: 'budget' };
    // Answered as soon as the link is made (its campaign and channel follow: the page asks getJob); a service that
    // cannot be reached, failed, or refused it for longer than a page waits is said at once, not after every retry.
    const first = await jobs.firstEvent(
      job.id,
      ['made', 'settled', 'waiting', 'refused'],
      deps.shortenWaitMs ?? SHORTEN_WAIT_MS,
      (e) => e.name !== 'refused' || (e.error.retryAfterMs ?? 0) > QUEUE_ANSWER_AFTER_MS,
    );
    if (first?.name === 'made') return { status: 'done', entry: first.entry, jobId: job.id };
    const settled = first?.name === 'settled' ? first.job : null;
    if (settled?.state === 'done' && settled.result) return { status: 'done', entry: settled.result };
    if (settled?.state === 'failed' && settled.error) throw toApiError(settled.error);
    // Still waiting (retries, budget): the user is told it is queued and notified later.
    const current = await jobs.get(job.id);
    if (current?.state === 'done' && current.result) return { status: 'done', entry: current.result };
    await jobs.markNotify(job.id);
    const tried = first?.name === 'waiting' || first?.name === 'refused' ? first.error : null;
    // Refused for the rate limit: it waits for the budget (the refusal is no reason to tell).
    const limited = tried?.kind === 'rate-limited';
    const reason = limited ? undefined : tried?.toJSON();
    const why = limited ? 'budget' : waitingFor(current, job.id);
    const expectedAt = Math.max(now(), current?.notBefore ?? 0, s.gate.budgets.estimateSendAt('shorten', 0));
    return { status: 'queued', jobId: job.id, expectedAt, waitingFor: why, ...(reason ? { reason } : {}) };
  }

  return {
    jobs,

    /** A popup opened (its port): it follows jobs until it closes. */
    popupConnected: watch.connected,
    /** Tells the open popups of a stored change (they follow Recent links and the current account). */
    tellPopups: watch.tell,
    /** Worker start: no popup follows anything yet, the worker tells of every job. */
    handBack: watch.handBack,

    /** Resumes queued work (worker start, alarm). */
    resume: () => jobs.resume(),

    /** Whether queued work is due soon enough to keep the worker awake for it (else: alarms). */
    async workDueSoon(horizonMs: number): Promise<boolean> {
      const pending = await jobs.unsettled();
      if (pending.length === 0) return false;
      const s = await sessions.get();
      const budgetWait = s ? Math.max(0, s.gate.budgets.waitMs('shorten')) : 0;
      // A link waiting for a service that cannot be reached does not keep the worker awake for
      // hours: the alarm, the `online` event and the pages wake it (only a try due now counts).
      const horizon = (j: Job) => (j.waitingSince !== undefined ? Math.min(horizonMs, WAITING_AWAKE_MS) : horizonMs);
      return pending.some((j) => Math.max(j.notBefore - now(), budgetWait) < horizon(j));
    },

    shorten,

    shortenInBackground: backgroundShorten({ shorten, sessions, notify: deps.notify, now }),

    /** A job by id (the popup follows queued work); with `waitMs`, answered when it settles (or after that long). */
    async getJob(data: { jobId: string; waitMs?: number }): Promise<JobView | null> {
      const wait = Math.min(Math.max(0, Number(data.waitMs) || 0), SHORTEN_WAIT_MS);
      return jobViewOrNull((wait > 0 ? await jobs.waitFor(data.jobId, wait) : null) ?? (await jobs.get(data.jobId)));
    },

    /** Cancels a link that waits (not sent yet); the job as it is now (a job on the wire goes on). */
    async cancelJob(data: { jobId: string }): Promise<JobView | null> {
      const error = new ApiError({ kind: 'invalid-input', reason: 'cancelled', message: 'Cancelled by the user.' }).toJSON();
      await jobs.cancel([String(data?.jobId)], error);
      return jobViewOrNull(await jobs.get(String(data?.jobId)));
    },

    /** The service may answer again (online, a page opened): jobs waiting for it are tried now. */
    retryWaiting: (force = true) => jobs.retryWaiting(force),

    /** What a popup that opens follows: its links still being made (for any saved account: the popup names another's), the links waiting it lists, and the unsent ones; a private window's only to a page that `sees` them. */
    async getWaitingLinks(sees = false): Promise<WaitingLinks> {
      const waiting = await popupWaitingOf(await jobs.unsettled(), sees, (fp) => sessions.forAccount(fp), jobs.isOnWire, now());
      return { ...waiting, unsent: await unsent.list() };
    },

    /** Makes unsent links with the current account: each tells the user when it settles, like a queued link. */
    async remakeUnsent(data: { ids: string[]; domainId: number | null; campaignId: number | null }): Promise<JobView[]> {
      const s = await sessions.require();
      const made: JobView[] = [];
      for (const link of await unsent.take(data.ids ?? [])) {
        const req = { ...link.args, domainId: data.domainId, campaignId: data.campaignId };
        made.push(jobView((await enqueue(s, req, 'popup', () => true)).job));
      }
      return made;
    },

    /** Forgets unsent links; the ones left. */
    async dismissUnsent(data: { ids: string[] }) {
      await unsent.take(data.ids ?? []);
      return unsent.list();
    },
  };
}
