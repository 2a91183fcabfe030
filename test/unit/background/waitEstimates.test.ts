/** A popup that opens on links waiting for the rate limit is told when each is expected to leave. */
import { describe, expect, it } from 'vitest';
import { aheadOfPress, popupWaitingOf } from '@/lib/background/waitEstimates';
import { RateBudgets, RESET_MARGIN_MS } from '@/lib/background/budget';
import type { Session } from '@/lib/background/session';
import type { Job } from '@/lib/storage';

const NOW = 1_000_000;
const job = (id: string, over: Partial<Job> = {}): Job =>
  ({
    id,
    kind: 'shorten',
    source: 'popup',
    state: 'pending',
    attempts: 0,
    notBefore: 0,
    createdAt: 1,
    fingerprint: 'fp',
    toldWaiting: true,
    args: { url: `https://example.org/${id}`, domainId: null, campaignId: null },
    ...over,
  }) as Job;

/** The account's session with its shorten budget spent until NOW + 60 s (10 a minute). */
function spent(): Session {
  const budgets = new RateBudgets(() => NOW, {
    shorten: { limit: 10, remaining: 0, resetAt: NOW + 60_000, windowMs: 60_000, learned: true },
  });
  return { gate: { budgets } } as unknown as Session;
}

describe('popupWaitingOf', () => {
  it('each link waiting for the spent budget gets the time the budget lets it go, in queue order', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) => job(`j${i}`));
    const { waiting } = await popupWaitingOf(
      jobs,
      false,
      async () => spent(),
      () => false,
      NOW,
    );
    const at = waiting.map((l) => l.expectedAt);
    expect(at[0]).toBe(NOW + 60_000 + RESET_MARGIN_MS);
    expect(at[9]).toBe(NOW + 60_000 + RESET_MARGIN_MS);
    // The eleventh waits for the window after.
    expect(at[10]).toBe(NOW + 120_000 + RESET_MARGIN_MS);
  });

  it('no estimate for a link waiting for the service, one on the wire, or with room in the budget', async () => {
    const jobs = [job('service', { waitingSince: NOW - 1000, notBefore: NOW + 5000 }), job('wire'), job('next')];
    const { waiting } = await popupWaitingOf(
      jobs,
      false,
      async () => spent(),
      (id) => id === 'wire',
      NOW,
    );
    expect(Object.fromEntries(waiting.map((l) => [l.id, l.expectedAt]))).toEqual({
      service: undefined,
      wire: undefined,
      next: NOW + 60_000 + RESET_MARGIN_MS,
    });
    const roomy = { gate: { budgets: new RateBudgets(() => NOW) } } as unknown as Session;
    const free = await popupWaitingOf(
      [job('a')],
      false,
      async () => roomy,
      () => false,
      NOW,
    );
    expect(free.waiting[0]!.expectedAt).toBeUndefined();
  });

  it("an account with no session (forgotten) gives no estimate; a private window's link only to a page that sees it", async () => {
    const priv = job('p', { args: { url: 'https://secret.example/', domainId: null, campaignId: null, private: true } });
    const none = await popupWaitingOf(
      [job('a'), priv],
      false,
      async () => null,
      () => false,
      NOW,
    );
    expect(none.waiting.map((l) => [l.id, l.expectedAt])).toEqual([['a', undefined]]);
    expect(none.pending.map((j) => j.id)).toEqual(['a']);
  });

  it('a press waiting behind a bulk batch leaves first (the gate sends presses before bulk rows), and is told so', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => job(`row${i}`, { source: 'bulk', priority: 'background' }));
    const press = job('press', { priority: 'interactive', createdAt: 2 });
    const { waiting } = await popupWaitingOf(
      [...rows, press],
      false,
      async () => spent(),
      () => false,
      NOW,
    );
    // Bulk rows are not listed in the popup; the press is, with the first window the budget opens.
    expect(waiting.map((l) => [l.id, l.expectedAt])).toEqual([['press', NOW + 60_000 + RESET_MARGIN_MS]]);
    // A new press is behind the presses at the gate only: not the bulk rows, not one on the wire.
    expect(aheadOfPress([...rows, press, job('sent', { priority: 'interactive' })], 'fp', (id) => id === 'sent', NOW)).toBe(1);
  });
});
