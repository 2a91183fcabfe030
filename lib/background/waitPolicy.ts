/**
 * What a job does after a failed try (docs/ARCHITECTURE.md, "A slow or unreachable service"):
 * a service that cannot be reached or failed (no network, refused, DNS, 5xx) did not make the
 * link, so the job waits for it, up to a day, with a backoff capped at a few minutes; a request
 * whose answer was lost (timeout) may have made the link, so it is never sent again blindly —
 * only a job with a custom alias is sent again (a repeat cannot make a second link: it is
 * answered "alias taken"); the others end saying the link may exist.
 */
import type { ApiError, SerializedApiError } from '@/lib/api';
import type { Job } from '@/lib/storage';
import { backoffMs, type RetryPolicy } from './retry';

export interface WaitPolicy {
  /** First wait after the service could not be reached. */
  baseDelayMs: number;
  /** Longest wait between two tries (the alarm, the `online` event and an opened page come sooner). */
  maxDelayMs: number;
  /** How long a job waits for the service before it ends. */
  giveUpAfterMs: number;
  /** Tries in all while rate limited (each waits for the budget's window). */
  maxRateLimitedTries: number;
}

/** Production figures: tries after about 1 s, 2 s, 4 s… then every 3 minutes, for 24 hours (a blip of the service costs a second). */
export const DEFAULT_WAIT: WaitPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 3 * 60_000,
  giveUpAfterMs: 24 * 3_600_000,
  maxRateLimitedTries: 5,
};

/**
 * How long an answer to a change (a shorten, a create, an update, a delete) is waited for.
 * Chrome stops an extension's worker whose fetch has waited 30 s for its answer; waiting longer
 * would lose the answer to the browser instead of to us, so 25 s leaves the worker time to
 * record the outcome. A read (GET) keeps the client's 15 s: it is safe to repeat.
 */
export const CHANGE_TIMEOUT_MS = 25_000;

/** Kinds that say the service did not make the link: it could not be reached, or it failed. */
export function isUnreachable(kind: ApiError['kind']): boolean {
  return kind === 'network' || kind === 'server';
}

/** The next step of a job after a failed try: wait and try again at `at` (with `patch`), or end with `error`. */
export type NextStep = { retryAt: number; patch: Partial<Job> } | { error: SerializedApiError };

/** Decides what a failed try leads to; `attempts` counts this try. */
export function nextStep(job: Job, err: ApiError, attempts: number, now: number, policy: WaitPolicy = DEFAULT_WAIT): NextStep {
  const data = err.toJSON();
  const waitBackoff = () =>
    backoffMs(attempts, { maxTransientTries: 1, maxRateLimitedTries: 1, baseDelayMs: policy.baseDelayMs, maxDelayMs: policy.maxDelayMs });
  if (err.kind === 'rate-limited') {
    if (attempts >= policy.maxRateLimitedTries) return { error: data };
    return { retryAt: now + (err.retryAfterMs ?? waitBackoff()), patch: { error: data } };
  }
  // The answer to a repeat with the same alias, after a lost answer: a refusal says it exists.
  if (job.lostAnswer && (err.kind === 'invalid-request' || err.kind === 'forbidden'))
    return { error: { ...data, reason: 'alias-after-lost-answer', detail: job.args.customCode ?? '' } };
  const lost = err.kind === 'timeout';
  if (lost && !job.args.customCode) return { error: { ...data, reason: 'answer-lost' } };
  if (!lost && !isUnreachable(err.kind)) return { error: data };
  const since = job.waitingSince ?? now;
  if (now - since >= policy.giveUpAfterMs) return { error: { ...data, reason: 'gave-up-waiting' } };
  return {
    retryAt: now + waitBackoff(),
    patch: { waitingSince: since, error: data, ...(lost ? { lostAnswer: true } : {}) },
  };
}

/** A request policy that repeats only what the service refused for its rate limit (the queue handles the rest). */
export function onlyWhenLimited(policy: RetryPolicy): RetryPolicy {
  return { ...policy, maxTransientTries: 1 };
}
