/**
 * What open popups are told of the links waiting (their "Links waiting"), as the queue changes:
 * the worker's storage.onChanged through popupNewsOf, with the real job queue writing storage.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { JobQueue } from '@/lib/background/jobs';
import { popupNewsOf } from '@/lib/messaging/popupPort';
import type { WaitingLink } from '@/lib/messaging/waitingLinks';
import { queueItem, type Job } from '@/lib/storage';

const press = (url: string, over: Partial<Job> = {}) => ({
  kind: 'shorten' as const,
  source: 'popup' as const,
  args: { url, domainId: null, campaignId: null },
  priority: 'interactive' as const,
  fingerprint: 'fp',
  notify: false,
  ...over,
});

/** Every list of links waiting told to popups, in order. */
function toldLists(): string[][] {
  const told: string[][] = [];
  fakeBrowser.storage.onChanged.addListener((changes, area) => {
    const waiting: WaitingLink[] | undefined = popupNewsOf(changes, area)?.stored.waiting;
    if (waiting) told.push(waiting.map((l) => l.url));
  });
  return told;
}

describe('the links waiting told to open popups', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a press answered at once is never told; one the user is told waits is, until it is made, even while a popup follows it', async () => {
    const told = toldLists();
    const release: Record<string, () => void> = {};
    const q = new JobQueue({
      run: (job) =>
        new Promise(
          (resolve) =>
            (release[job.args.url] = () =>
              resolve({
                id: job.id,
                longUrl: job.args.url,
                shortUrl: 'https://sho.rt/x',
                shortCode: 'x',
                linkId: 1,
                domainId: null,
                campaign: { state: 'none' },
                createdAt: 0,
                service: 'http://127.0.0.1',
              })),
        ),
      wakeAt: () => {},
    });
    const quick = await q.add(press('https://example.org/quick'));
    const slow = await q.add(press('https://example.org/slow'));
    await q.add(press('https://example.org/budget', { notify: true, toldWaiting: true }));
    await q.add({ ...press('https://example.org/bulk', { notify: true, toldWaiting: true }), source: 'bulk', batchId: 'b1' });
    await expect.poll(() => Object.keys(release).length).toBe(4);
    release['https://example.org/quick']!();
    await q.waitFor(quick.id, 2000);
    // The page stopped waiting for the slow one (told it waits): listed; a popup following it keeps it listed.
    await q.markNotify(slow.id);
    await q.unmarkNotify(slow.id);
    release['https://example.org/slow']!();
    await q.waitFor(slow.id, 2000);
    expect(told).toEqual([
      ['https://example.org/budget'],
      ['https://example.org/slow', 'https://example.org/budget'],
      ['https://example.org/budget'],
    ]);
  });

  it('a worker that restarts still lists what the user was told waits; a damaged mark loses neither the job nor the others', async () => {
    const stored = {
      kind: 'shorten',
      source: 'popup',
      args: { url: 'https://example.org/told', domainId: null, campaignId: null },
      priority: 'interactive',
      state: 'pending',
      attempts: 0,
      notBefore: 0,
      createdAt: 1,
      fingerprint: 'fp',
      notify: false,
    };
    await fakeBrowser.storage.local.set({
      queue: [
        { ...stored, id: 'w1', toldWaiting: true },
        { ...stored, id: 'w2', toldWaiting: 'yes' },
      ],
    });
    expect((await queueItem.getValue()).map((j) => [j.id, j.toldWaiting])).toEqual([
      ['w1', true],
      ['w2', undefined],
    ]);
  });

  it('is told only when the list changed, not at every write of the queue (a bulk batch going on)', () => {
    const bulkJob = {
      id: 'b',
      kind: 'shorten',
      source: 'bulk',
      state: 'pending',
      args: { url: 'https://example.org/b' },
      toldWaiting: true,
    };
    expect(popupNewsOf({ queue: { oldValue: [bulkJob], newValue: [{ ...bulkJob, state: 'done' }] } }, 'local')).toBeNull();
    const waiting = { ...bulkJob, id: 'w', source: 'popup', fingerprint: 'fp', notBefore: 5, args: { url: 'https://example.org/w' } };
    expect(popupNewsOf({ queue: { oldValue: [waiting], newValue: [{ ...waiting, attempts: 2 }] } }, 'local')).toBeNull();
    expect(popupNewsOf({ queue: { oldValue: [], newValue: [waiting] } }, 'local')).toEqual({
      stored: { waiting: [{ id: 'w', url: 'https://example.org/w', fingerprint: 'fp', notBefore: 5 }] },
    });
  });
});
