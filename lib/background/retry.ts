/**
 * Bounded retries: rate limits wait for the budget (the gate already knows when), network
 * failures, timeouts and 5xx back off with jitter up to a cap; 4xx and bad input never retry.
 */
import { ApiError, toApiError } from '@/lib/api';

export interface RetryPolicy {
  /** Tries in all for network failures, timeouts and 5xx. */
  maxTransientTries: number;
  /** Tries in all while rate limited (each waits for the budget's next window). */
  maxRateLimitedTries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { maxTransientTries: 4, maxRateLimitedTries: 8, baseDelayMs: 500, maxDelayMs: 30_000 };
/**
 * For changes (create, update, delete): retried only when the server refused them for the rate
 * limit. After a timeout or 5xx a change may have been applied, and a retry could apply it twice.
 */
export const CHANGE_RETRY: RetryPolicy = { ...DEFAULT_RETRY, maxTransientTries: 1 };

/** Backoff before try `n` (1-based count of failures so far): exponential, capped, full jitter. */
export function backoffMs(n: number, policy: RetryPolicy = DEFAULT_RETRY, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Runs `fn` with the policy; `onRetry` hears of each retry (for telling the user). */
export async function withRetry<T>(
  fn: () => Promise<T>,
  opts: {
    policy?: RetryPolicy;
    sleep?: (ms: number) => Promise<void>;
    /** Awaited before the next try: what must be stored of the failed one is stored first. */
    onRetry?: (err: ApiError, attempt: number, delayMs: number) => void | Promise<void>;
  } = {},
): Promise<T> {
  const policy = opts.policy ?? DEFAULT_RETRY;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let transient = 0;
  let limited = 0;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      const err = toApiError(e);
      let delay: number;
      if (err.kind === 'rate-limited') {
        if (++limited >= policy.maxRateLimitedTries) throw err;
        // The gate holds the request until the budget's window resets; no extra sleep is
        // needed beyond a little jitter so that many clients do not all come back at once.
        delay = Math.round(Math.random() * 50);
      } else if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'server') {
        if (++transient >= policy.maxTransientTries) throw err;
        delay = backoffMs(transient, policy);
      } else {
        throw err;
      }
      await opts.onRetry?.(err, transient + limited, delay);
      await sleep(delay);
    }
  }
}
