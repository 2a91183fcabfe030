// What a job does after a failed try (lib/background/waitPolicy.ts): the retry and timeout policy.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { CHANGE_TIMEOUT_MS, DEFAULT_WAIT, nextStep, onlyWhenLimited } from '@/lib/background/waitPolicy';
import { DEFAULT_RETRY } from '@/lib/background/retry';
import type { Job } from '@/lib/storage';

const NOW = 1_700_000_000_000;
const job = (over: Partial<Job> = {}, customCode?: string): Job => ({
  id: 'j',
  kind: 'shorten',
  source: 'popup',
  priority: 'interactive',
  state: 'pending',
  attempts: 0,
  notBefore: 0,
  createdAt: NOW,
  fingerprint: 'fp',
  notify: false,
  args: { url: 'https://example.org/a', domainId: null, campaignId: null, ...(customCode ? { customCode } : {}) },
  ...over,
});
const err = (kind: ApiError['kind'], extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind, message: kind, ...extra });

describe('after a failed try', () => {
  it('a lost answer (timeout) is never sent again blindly: the job ends saying the link may exist', () => {
    expect(nextStep(job(), err('timeout'), 1, NOW)).toEqual({ error: expect.objectContaining({ kind: 'timeout', reason: 'answer-lost' }) });
  });

  it('a lost answer with a custom alias is repeated (a repeat cannot make a second link), and a refusal then ends it as most likely made', () => {
    const step = nextStep(job({}, 'spring'), err('timeout'), 1, NOW);
    expect(step).toMatchObject({ patch: { lostAnswer: true, waitingSince: NOW } });
    const again = nextStep(
      job({ lostAnswer: true, waitingSince: NOW }, 'spring'),
      err('invalid-request', { serverText: 'That alias is already taken.' }),
      2,
      NOW + 1000,
    );
    expect(again).toEqual({ error: expect.objectContaining({ reason: 'alias-after-lost-answer', detail: 'spring' }) });
  });

  it('a service that cannot be reached or failed: the job waits, with a backoff that grows and is capped at a few minutes', () => {
    for (const kind of ['network', 'server'] as const) {
      const waits = [1, 2, 3, 5, 8, 20, 100].map((n) => {
        const step = nextStep(job({ waitingSince: NOW }), err(kind), n, NOW);
        if (!('retryAt' in step)) throw new Error(`${kind} ended the job`);
        return step.retryAt - NOW;
      });
      expect(waits[0]).toBeLessThanOrEqual(DEFAULT_WAIT.baseDelayMs);
      expect(Math.max(...waits)).toBeLessThanOrEqual(DEFAULT_WAIT.maxDelayMs);
      expect(DEFAULT_WAIT.maxDelayMs).toBeLessThanOrEqual(5 * 60_000);
      expect(waits.at(-1)).toBeGreaterThanOrEqual(DEFAULT_WAIT.maxDelayMs / 2);
    }
  });

  it('waits at least a day, then ends with a sentence that says the link was not made', () => {
    expect(DEFAULT_WAIT.giveUpAfterMs).toBeGreaterThanOrEqual(24 * 3_600_000);
    const first = nextStep(job(), err('network'), 1, NOW);
    expect(first).toMatchObject({ patch: { waitingSince: NOW } });
    const later = nextStep(job({ waitingSince: NOW }), err('network'), 300, NOW + DEFAULT_WAIT.giveUpAfterMs - 1);
    expect(later).toMatchObject({ patch: { waitingSince: NOW } });
    const end = nextStep(job({ waitingSince: NOW }), err('network'), 301, NOW + DEFAULT_WAIT.giveUpAfterMs);
    expect(end).toEqual({ error: expect.objectContaining({ reason: 'gave-up-waiting' }) });
  });

  it('a rate limit waits as the service said, a bounded number of times; a refusal ends the job at once', () => {
    expect(nextStep(job(), err('rate-limited', { retryAfterMs: 7000 }), 1, NOW)).toMatchObject({ retryAt: NOW + 7000 });
    expect(nextStep(job(), err('rate-limited'), DEFAULT_WAIT.maxRateLimitedTries, NOW)).toHaveProperty('error');
    expect(nextStep(job(), err('invalid-request'), 1, NOW)).toHaveProperty('error');
    expect(nextStep(job(), err('bad-key'), 1, NOW)).toHaveProperty('error');
  });

  it('a shorten request is repeated inside a try only when rate limited', () => {
    expect(onlyWhenLimited(DEFAULT_RETRY)).toMatchObject({ maxTransientTries: 1, maxRateLimitedTries: DEFAULT_RETRY.maxRateLimitedTries });
  });

  it('a change waits longer than a read, and less than Chrome lets a worker wait for a fetch (30 s)', () => {
    expect(CHANGE_TIMEOUT_MS).toBeGreaterThan(16_000); // the sandbox's --latency-ms 16000 is waited for
    expect(CHANGE_TIMEOUT_MS).toBeLessThan(30_000);
  });
});
