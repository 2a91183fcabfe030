/**
 * Fixed-window rate limits per API key per group; each request in a window counts (429s do not).
 * Windows are either 'aligned' (the default: [k·windowMs, (k+1)·windowMs) on the epoch clock, so
 * window ends are contiguous, like a counter keyed by the current minute) or 'first-request'
 * (a window opens at the first request after the previous one ended, like Laravel's throttle or
 * Redis INCR + EXPIRE).
 */
import type { Plan } from './state';

export type RateGroup = 'main' | 'shorten';

export interface RateLimitConfig {
  mainLimit: number;
  mainWindowMs: number;
  /** Shortening limit; undefined → 100 for free accounts, 10,000 for pro. */
  shortenLimit?: number;
  shortenWindowMs: number;
  /** How windows are placed in time; default 'aligned'. */
  windowMode?: 'aligned' | 'first-request';
}

/** The outcome of one request against its window. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends, epoch ms. */
  resetMs: number;
  /** Seconds to wait (ceil, at least 1) when not allowed. */
  retryAfterSec: number;
  /** When it was counted, epoch ms (the clock the windows are placed by). */
  at: number;
}

interface Window {
  start: number;
  end: number;
  count: number;
}

/** Counts requests per key and group in fixed windows. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** The limit of a group for an account on `plan`. */
  limitOf(group: RateGroup, plan: Plan): number {
    if (group === 'main') return this.config.mainLimit;
    return this.config.shortenLimit ?? (plan === 'pro' ? 10_000 : 100);
  }

  /** Counts one request of `key` in `group` and says whether it may proceed. */
  hit(key: string, group: RateGroup, plan: Plan): RateDecision {
    const now = this.now();
    const windowMs = group === 'main' ? this.config.mainWindowMs : this.config.shortenWindowMs;
    const limit = this.limitOf(group, plan);
    const id = `${group}\u0000${key}`;
    let w = this.windows.get(id);
    if (!w || now >= w.end) {
      const start = this.config.windowMode === 'first-request' ? now : Math.floor(now / windowMs) * windowMs;
      w = { start, end: start + windowMs, count: 0 };
      this.windows.set(id, w);
    }
    const allowed = w.count < limit;
    if (allowed) w.count += 1;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - w.count),
      resetMs: w.end,
      retryAfterSec: Math.max(1, Math.ceil((w.end - now) / 1000)),
      at: now,
    };
  }

  /** Spends `key`'s budget in `group` for `ms` from now, whatever the window placement (tests need a known end). */
  spend(key: string, group: RateGroup, ms: number): void {
    const now = this.now();
    this.windows.set(`${group}\u0000${key}`, { start: now, end: now + ms, count: Number.MAX_SAFE_INTEGER });
  }

  /** Forgets every window (all budgets full again). */
  reset(): void {
    this.windows.clear();
  }
}

/** The X-RateLimit-* headers (and Retry-After when refused) of a decision; `resetMs` adds the sandbox's X-RateLimit-Reset-Ms. */
export function rateHeaders(d: RateDecision, resetMs = true): Record<string, string> {
  const h: Record<string, string> = {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(Math.ceil(d.resetMs / 1000)),
  };
  if (resetMs) h['X-RateLimit-Reset-Ms'] = String(d.resetMs);
  if (!d.allowed) h['Retry-After'] = String(d.retryAfterSec);
  return h;
}
