/**
 * Rate budgets, one per group (main, shorten) of the current account. They start from the
 * interface's figures and then follow what the server says (X-RateLimit-*, 429, Retry-After).
 * Pure logic with an injected clock, so it is unit-tested with a fake one.
 */
import type { RateGroup, RateInfo } from '@/lib/api';
import type { BudgetState } from '@/lib/storage';

/** The interface's figures: main 30 / 60 s; shorten 100 / h (free) or 10,000 / h (pro). */
export function defaultBudget(group: RateGroup, plan: string | null): { limit: number; windowMs: number } {
  if (group === 'main') return { limit: 30, windowMs: 60_000 };
  return { limit: plan === 'pro' ? 10_000 : 100, windowMs: 3_600_000 };
}

/** Margin after a window's end before sending again, for clocks and timers a little apart. */
export const RESET_MARGIN_MS = 30;

export class RateBudgets {
  private states: Record<string, BudgetState>;
  private inFlight: Record<string, number> = {};
  plan: string | null = null;

  constructor(
    private readonly now: () => number,
    initial: Record<string, BudgetState> = {},
    private readonly onChange: (states: Record<string, BudgetState>) => void = () => {},
  ) {
    this.states = structuredClone(initial);
  }

  /** The current state of a group's budget, rolled over to a new window when the old one ended. */
  state(group: RateGroup): BudgetState {
    const now = this.now();
    let s = this.states[group];
    if (!s) {
      const d = defaultBudget(group, this.plan);
      s = { limit: d.limit, remaining: d.limit, resetAt: 0, windowMs: d.windowMs, learned: false };
      this.states[group] = s;
    }
    if (!s.learned) {
      // Until the server tells, the interface's figure for the plan known now (it may arrive
      // after the budget was first made, with the account).
      const d = defaultBudget(group, this.plan);
      if (d.limit !== s.limit) {
        s.remaining = Math.max(0, s.remaining + d.limit - s.limit);
        s.limit = d.limit;
      }
    }
    if (s.refusedUntil !== undefined && now >= s.refusedUntil) delete s.refusedUntil;
    if (now >= s.resetAt + RESET_MARGIN_MS) {
      // A new window. A fixed-window server's next boundary is a whole number of windows on.
      const next = s.resetAt > 0 && now < s.resetAt + s.windowMs ? s.resetAt + s.windowMs : now + s.windowMs;
      s.resetAt = next;
      s.remaining = s.limit;
      s.heard = false;
    }
    return s;
  }

  /** Milliseconds to wait before a request of `group` may be sent; 0 = now. */
  waitMs(group: RateGroup): number {
    const s = this.state(group);
    if (s.refusedUntil !== undefined) return s.refusedUntil + RESET_MARGIN_MS - this.now();
    const flying = this.inFlight[group] ?? 0;
    // Until the server has told us its figures, one request at a time: guessing could overspend.
    // So too at the start of each window while another client spends the same key: its share
    // of the new window is known only from the server's first answer.
    if ((!s.learned || (s.shared && !s.heard)) && flying > 0) return -1; // -1: wait for an answer, not for time
    if (s.remaining - flying > 0) return 0;
    if (flying > 0 && s.remaining > 0) return -1;
    return Math.max(0, s.resetAt + RESET_MARGIN_MS - this.now());
  }

  /** Requests of `group` that may leave now without waiting (0 until the server has told its figures: one at a time then). */
  room(group: RateGroup): number {
    const s = this.state(group);
    if (s.refusedUntil !== undefined) return 0;
    if (!s.learned || (s.shared && !s.heard)) return 0;
    return Math.max(0, s.remaining - (this.inFlight[group] ?? 0));
  }

  /** Takes a slot for a request that is being sent now. */
  take(group: RateGroup): void {
    this.state(group);
    this.inFlight[group] = (this.inFlight[group] ?? 0) + 1;
  }

  /** Records the answer to a request sent with take(): what the server said of the budget. */
  observe(group: RateGroup, info: RateInfo, status: number): void {
    const s = this.state(group);
    this.inFlight[group] = Math.max(0, (this.inFlight[group] ?? 0) - 1);
    const now = this.now();
    // Fewer left than our own requests explain (or a refusal): another client spends this key.
    // Only an answer with figures counts, and not a late one from an earlier window.
    const late = info.resetAt !== undefined && info.resetAt < (s.serverResetAt ?? 0);
    if (!late && (info.remaining !== undefined || status === 429)) {
      const ours = s.remaining - 1 - (this.inFlight[group] ?? 0);
      if (status === 429 || (s.learned && info.remaining! < ours)) s.shared = true;
      else if (!s.heard && s.learned && info.limit !== undefined && info.remaining === info.limit - 1) s.shared = false; // first in its window
      s.heard = true;
    }
    if (info.limit !== undefined && info.limit > 0) {
      s.limit = info.limit;
      s.learned = true;
    }
    let settled = false;
    const reset = info.resetAt;
    if (reset !== undefined && reset > now - 60_000 && reset < now + 7 * 86_400_000) {
      const known = s.serverResetAt ?? 0;
      if (reset < known) {
        settled = true; // a late answer from an earlier window: it says nothing of this one
      } else {
        // Two window ends are a whole number of windows apart: the smallest gap seen is the
        // window's length.
        if (known > 0 && reset > known && reset - known <= s.windowMs) {
          s.windowMs = reset - known;
          s.windowLearned = true;
          delete s.windowGuessMs;
        } else if (!s.windowLearned && reset > known && reset > now && info.limit !== undefined && info.remaining === info.limit - 1) {
          // The first request of a window: the window ends one length after it (when windows
          // open at the first request; a lower bound when they are fixed on the clock).
          s.windowGuessMs = Math.min(s.windowMs, reset - now);
        }
        if (reset !== s.resetAt) {
          // Another window than the one we assumed.
          s.resetAt = reset;
          s.remaining = info.remaining ?? Math.max(0, s.limit - 1);
          settled = true;
        }
      }
      s.serverResetAt = Math.max(known, reset);
    }
    if (!settled) {
      // The server's figure counts every request it saw before this one, other clients' too.
      // Answers of requests sent together come back in any order: a figure higher than the
      // one held is an earlier request, already counted in it. Counting it again would leave
      // a slot of the window unused (and a request for the next window).
      s.remaining = info.remaining !== undefined ? Math.min(s.remaining, info.remaining) : s.remaining - 1;
    }
    if (status === 429) this.spent(s, info, now);
    s.remaining = Math.max(0, s.remaining);
    this.onChange(structuredClone(this.states));
  }

  /**
   * A refusal found in the body of an answer already told from its headers (observe): a server
   * whose headers said there was room refused after all. The window is spent for us, and
   * another client may be spending the key.
   */
  refusedAfterAll(group: RateGroup, info: RateInfo): void {
    const s = this.state(group);
    s.shared = true;
    s.heard = true;
    this.spent(s, info, this.now());
    this.onChange(structuredClone(this.states));
  }

  /** A refusal: nothing left until the server says to come back (the end of this window for us). */
  private spent(s: BudgetState, info: RateInfo, now: number): void {
    s.remaining = 0;
    const until = info.retryAfterMs !== undefined ? now + info.retryAfterMs : info.resetAt;
    s.resetAt = until !== undefined && until > now ? until : now + 1000;
    // Kept apart from the window: an answer of the same window that left before the refusal
    // (its figures say there was room then) must not bring the sending back before this.
    s.refusedUntil = Math.max(s.refusedUntil ?? 0, s.resetAt);
  }

  /** Gives back a slot whose request never reached the server (network failure, invalid input). */
  release(group: RateGroup): void {
    this.inFlight[group] = Math.max(0, (this.inFlight[group] ?? 0) - 1);
  }

  /** When a request queued now behind `ahead` others of its group may expect to be sent (epoch ms). */
  estimateSendAt(group: RateGroup, ahead = 0): number {
    const s = this.state(group);
    const now = this.now();
    const available = s.remaining - (this.inFlight[group] ?? 0);
    if (s.refusedUntil !== undefined && ahead < Math.max(1, s.limit)) return s.refusedUntil + RESET_MARGIN_MS;
    if (ahead < available) return now;
    const windowsNeeded = Math.floor((ahead - available) / Math.max(1, s.limit));
    // A window not learned yet is as long as its first answer showed, not the interface's figure.
    return s.resetAt + RESET_MARGIN_MS + windowsNeeded * (s.windowGuessMs ?? s.windowMs);
  }

  /** Forgets everything (another account). */
  reset(states: Record<string, BudgetState> = {}): void {
    this.states = structuredClone(states);
    this.inFlight = {};
  }

  snapshot(): Record<string, BudgetState> {
    return structuredClone(this.states);
  }
}
