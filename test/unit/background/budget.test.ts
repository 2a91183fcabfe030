// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RateBudgets, RESET_MARGIN_MS, defaultBudget } from '@/lib/background/budget';

function clock(start = 1_700_000_000_000) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => (t += ms),
    get t() {
      return t;
    },
  };
}

describe('rate budgets', () => {
  it('start from the interface figures', () => {
    expect(defaultBudget('main', null)).toEqual({ limit: 30, windowMs: 60_000 });
    expect(defaultBudget('shorten', 'free')).toEqual({ limit: 100, windowMs: 3_600_000 });
    expect(defaultBudget('shorten', 'pro')).toEqual({ limit: 10_000, windowMs: 3_600_000 });
  });

  it('send one request at a time until the server has told its figures', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    expect(b.waitMs('main')).toBe(0);
    b.take('main');
    expect(b.waitMs('main')).toBe(-1);
    b.observe('main', { limit: 5, remaining: 4, resetAt: c.t + 2000 }, 200);
    expect(b.state('main')).toMatchObject({ limit: 5, remaining: 4, learned: true });
    // Now up to the remaining 4 may fly at once.
    for (let i = 0; i < 4; i++) {
      expect(b.waitMs('main')).toBe(0);
      b.take('main');
    }
    expect(b.waitMs('main')).toBe(-1); // all slots in flight: wait for answers
  });

  it('wait for the end of the window once it is spent, then start a full one', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('main');
    b.observe('main', { limit: 2, remaining: 1, resetAt: c.t + 2000 }, 200);
    b.take('main');
    b.observe('main', { limit: 2, remaining: 0, resetAt: c.t + 2000 }, 200);
    expect(b.waitMs('main')).toBe(2000 + RESET_MARGIN_MS);
    c.advance(2000 + RESET_MARGIN_MS);
    expect(b.waitMs('main')).toBe(0);
    expect(b.state('main').remaining).toBe(2);
  });

  it('learn the window length from two successive window ends', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('main');
    b.observe('main', { limit: 1, remaining: 0, resetAt: c.t + 2000 }, 200);
    c.advance(2000 + RESET_MARGIN_MS);
    b.take('main');
    b.observe('main', { limit: 1, remaining: 0, resetAt: c.t - RESET_MARGIN_MS + 2000 }, 200);
    expect(b.state('main').windowMs).toBe(2000);
  });

  it('follow a lower remaining figure when another client spends the same key', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('main');
    b.observe('main', { limit: 10, remaining: 9, resetAt: c.t + 2000 }, 200);
    b.take('main');
    b.observe('main', { limit: 10, remaining: 3, resetAt: c.t + 2000 }, 200); // someone else took 5
    expect(b.state('main').remaining).toBe(3);
  });

  it('start each window with one request once another client is seen spending the same key', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('shorten');
    b.observe('shorten', { limit: 10, remaining: 9, resetAt: c.t + 2000 }, 200);
    // Alone so far: the learned window's slots go out together.
    for (let i = 0; i < 3; i++) b.take('shorten');
    expect(b.waitMs('shorten')).toBe(0);
    // An answer says fewer are left than our own requests explain: someone else spends the key.
    b.observe('shorten', { limit: 10, remaining: 2, resetAt: c.t + 2000 }, 200);
    expect(b.state('shorten').shared).toBe(true);
    b.observe('shorten', { limit: 10, remaining: 1, resetAt: c.t + 2000 }, 200);
    b.observe('shorten', { limit: 10, remaining: 0, resetAt: c.t + 2000 }, 200);
    // The next window: one request first (the other client may have spent part of it already)…
    c.advance(2000 + RESET_MARGIN_MS);
    expect(b.waitMs('shorten')).toBe(0);
    b.take('shorten');
    expect(b.waitMs('shorten')).toBe(-1);
    // …whose answer tells our share: 4 left, so 4 go, and none is refused.
    b.observe('shorten', { limit: 10, remaining: 4, resetAt: c.t - RESET_MARGIN_MS + 2000 }, 200);
    for (let i = 0; i < 4; i++) {
      expect(b.waitMs('shorten')).toBe(0);
      b.take('shorten');
    }
    expect(b.waitMs('shorten')).not.toBe(0);
  });

  it('do not take a late answer of the last window for another client', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    const end = c.t + 2000;
    b.take('shorten');
    b.observe('shorten', { limit: 10, remaining: 9, resetAt: end }, 200);
    b.take('shorten');
    c.advance(2000 + RESET_MARGIN_MS);
    b.take('shorten');
    b.observe('shorten', { limit: 10, remaining: 9, resetAt: end + 2000 }, 200);
    // The request of the last window answers now: it says 2 left of that window, not of this one.
    b.observe('shorten', { limit: 10, remaining: 2, resetAt: end }, 200);
    expect(b.state('shorten').shared).toBeFalsy();
  });

  it('count each answer once when answers of requests sent together come back out of order', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('shorten');
    b.observe('shorten', { limit: 10, remaining: 9, resetAt: c.t + 2000 }, 200);
    for (let i = 0; i < 3; i++) b.take('shorten');
    // The server counted them as 8, 7, 6 left; the answers arrive as 6, 8, 7.
    for (const remaining of [6, 8, 7]) b.observe('shorten', { limit: 10, remaining, resetAt: c.t + 2000 }, 200);
    expect(b.state('shorten').remaining).toBe(6);
    // All six slots left in the window may be used: none waits for the next window.
    for (let i = 0; i < 6; i++) {
      expect(b.waitMs('shorten')).toBe(0);
      b.take('shorten');
    }
    expect(b.waitMs('shorten')).toBe(-1);
  });

  it('ignore a late answer from an earlier window', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('main');
    b.observe('main', { limit: 3, remaining: 2, resetAt: c.t + 1000 }, 200);
    b.take('main');
    c.advance(1000 + RESET_MARGIN_MS);
    b.take('main');
    b.observe('main', { limit: 3, remaining: 2, resetAt: c.t + 1000 }, 200); // new window
    b.observe('main', { limit: 3, remaining: 1, resetAt: c.t - RESET_MARGIN_MS }, 200); // late, old window
    expect(b.state('main').remaining).toBe(2);
  });

  it('stop on 429 until Retry-After has passed', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('shorten');
    b.observe('shorten', { retryAfterMs: 30_000 }, 429);
    expect(b.waitMs('shorten')).toBe(30_000 + RESET_MARGIN_MS);
    expect(b.waitMs('main')).toBe(0); // the other group is not touched
  });

  it("a 429's Retry-After holds even when a late answer of the same window says there was room", () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('shorten');
    b.take('shorten');
    // The server's window ends in 10 s, but the refusal asks for 30 s.
    b.observe('shorten', { limit: 10, remaining: 0, resetAt: c.t + 10_000, retryAfterMs: 30_000 }, 429);
    // An answer sent before the refusal, of the same window, comes back after it: 3 left then.
    b.observe('shorten', { limit: 10, remaining: 3, resetAt: c.t + 10_000 }, 200);
    expect(b.room('shorten')).toBe(0);
    expect(b.waitMs('shorten')).toBe(30_000 + RESET_MARGIN_MS);
    expect(b.estimateSendAt('shorten')).toBe(c.t + 30_000 + RESET_MARGIN_MS);
    // Past the window's end, still not before the time the refusal named.
    c.advance(20_000);
    expect(b.waitMs('shorten')).toBe(10_000 + RESET_MARGIN_MS);
    c.advance(10_000);
    expect(b.waitMs('shorten')).toBe(0); // one request, then its answer tells the new window (the key is shared)
  });

  it('estimate when queued work will go', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.take('shorten');
    b.observe('shorten', { limit: 10, remaining: 0, resetAt: c.t + 2000 }, 200);
    expect(b.estimateSendAt('shorten', 0)).toBe(c.t + 2000 + RESET_MARGIN_MS);
    expect(b.estimateSendAt('shorten', 25)).toBe(c.t + 2000 + RESET_MARGIN_MS + 2 * b.state('shorten').windowMs);
  });

  it('estimate a slot in a later window by the length the first answer showed, before two window ends taught it', () => {
    const c = clock();
    const b = new RateBudgets(c.now);
    b.plan = 'pro';
    b.take('shorten');
    // One shorten per 15 s: the first answer of the window says 0 left, the window ending in 15 s.
    b.observe('shorten', { limit: 1, remaining: 0, resetAt: c.t + 15_000 }, 200);
    c.advance(1000);
    // The one queued ahead takes the next window; this one the window after it, not an hour on.
    expect(b.estimateSendAt('shorten', 1)).toBe(c.t - 1000 + 15_000 + RESET_MARGIN_MS + 15_000);
    // Two window ends an hour apart teach the real length: the estimate follows it.
    c.advance(14_000 + RESET_MARGIN_MS);
    b.take('shorten');
    b.observe('shorten', { limit: 1, remaining: 0, resetAt: c.t - RESET_MARGIN_MS + 3_600_000 - 15_000 + 15_000 }, 200);
    expect(b.state('shorten').windowMs).toBe(3_600_000);
    expect(b.estimateSendAt('shorten', 1)).toBe(b.state('shorten').resetAt + RESET_MARGIN_MS + 3_600_000);
  });

  it('survive a restart through the persisted state', () => {
    const c = clock();
    let saved = {};
    const b = new RateBudgets(c.now, {}, (s) => (saved = s));
    b.take('shorten');
    b.observe('shorten', { limit: 5, remaining: 0, resetAt: c.t + 60_000 }, 200);
    const restarted = new RateBudgets(c.now, saved);
    expect(restarted.waitMs('shorten')).toBe(60_000 + RESET_MARGIN_MS);
  });
});

describe('the plan', () => {
  it('sets the shortening budget until the server tells its own figures', () => {
    const b = new RateBudgets(() => 1_700_000_000_000);
    expect(b.state('shorten').limit).toBe(100);
    b.plan = 'pro';
    expect(b.state('shorten')).toMatchObject({ limit: 10_000, remaining: 10_000 });
  });
});
