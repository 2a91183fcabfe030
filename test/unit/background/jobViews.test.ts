/**
 * What a page is handed of a job: the fields the popup reads to follow a link, and none of what
 * the worker keeps only to run it (attempts, request times, what was told or filed, the account's
 * fingerprint outside the popup's pending links).
 */
import { describe, expect, it } from 'vitest';
import { jobView, jobViewOrNull, pendingJobView } from '@/lib/background/jobViews';
import type { Job } from '@/lib/storage';
import { entry } from '../popup/harness';

/** A stored job with every field set. */
const stored = (over: Partial<Job> = {}): Job => ({
  id: 'j1',
  kind: 'shorten',
  source: 'popup',
  batchId: 'b1',
  args: { url: 'https://example.org/a', domainId: 2, campaignId: 3, customCode: 'alias', channelId: 4, title: 'A page' },
  priority: 'interactive',
  state: 'sending',
  attempts: 3,
  notBefore: 1000,
  createdAt: 1,
  fingerprint: 'fp-secret',
  shortened: { shortUrl: 'https://sho.rt/a', shortCode: 'a', linkId: 7 },
  notify: true,
  toldWaiting: true,
  notified: false,
  service: 'https://service.example',
  result: entry({ id: 'j1', longUrl: 'https://example.org/a', shortUrl: 'https://sho.rt/a' }),
  told: true,
  filed: true,
  error: { kind: 'network', message: 'down' },
  settledAt: 5,
  waitingSince: 900,
  lostAnswer: true,
  sentAt: 950,
  ...over,
});

describe('jobView', () => {
  it('hands exactly what the popup reads', () => {
    const job = stored();
    const view = jobView(job);
    expect(Object.keys(view).sort()).toEqual(['error', 'id', 'notBefore', 'result', 'state', 'toldByWorker', 'url', 'waitingSince']);
    expect(view).toEqual({
      id: 'j1',
      state: 'sending',
      url: 'https://example.org/a',
      notBefore: 1000,
      result: job.result,
      error: job.error,
      waitingSince: 900,
      toldByWorker: true,
    });
  });

  it('leaks nothing stored only for the worker', () => {
    const text = JSON.stringify([jobView(stored()), jobViewOrNull(stored())]);
    for (const kept of ['fp-secret', 'service.example', 'alias', 'A page', 'b1', '"attempts"', '"sentAt"', '"told"', '"filed"', '"args"'])
      expect(text).not.toContain(kept);
  });

  it('says the worker told of the link when it notified or told it, and not otherwise', () => {
    expect(jobView(stored({ told: false, notified: true })).toldByWorker).toBe(true);
    expect(jobView(stored({ told: true, notified: false })).toldByWorker).toBe(true);
    expect(jobView(stored({ told: undefined, notified: undefined }))).not.toHaveProperty('toldByWorker');
  });

  it('a job with no outcome yet carries no empty fields, and none is none', () => {
    const view = jobView(stored({ result: undefined, error: undefined, waitingSince: undefined, told: false }));
    expect(Object.keys(view).sort()).toEqual(['id', 'notBefore', 'state', 'url']);
    expect(jobViewOrNull(null)).toBeNull();
  });

  it("a popup's pending link adds only its account", () => {
    const pending = pendingJobView(stored());
    expect(pending).toEqual({ ...jobView(stored()), fingerprint: 'fp-secret' });
  });
});
