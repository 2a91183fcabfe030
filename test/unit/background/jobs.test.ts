import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/lib/api';
import { JobQueue } from '@/lib/background/jobs';
import type { JobSteps } from '@/lib/background/jobRunner';
import { BACKGROUND_AHEAD, START_AT_ONCE } from '@/lib/background/jobStarts';
import { bulkItem, queueItem, type BulkBatch, type Job } from '@/lib/storage';

const args = { url: 'https://example.org/a', domainId: null, campaignId: null };
const fields = {
  kind: 'shorten' as const,
  source: 'context-link' as const,
  args,
  priority: 'interactive' as const,
  fingerprint: 'fp',
  notify: true,
};
const entry = (job: Job) => ({
  id: job.id,
  longUrl: job.args.url,
  shortUrl: 'https://sho.rt/x',
  shortCode: 'x',
  linkId: 1,
  domainId: null,
  campaign: { state: 'none' as const },
  createdAt: 0,
  service: 'http://127.0.0.1',
});

/** Storage that records every write asked of it and answers none until `release`. */
function storageAnsweringLate() {
  const asked: Record<string, unknown>[] = [];
  let release = () => undefined as void;
  const held = new Promise<void>((r) => (release = r));
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items: Record<string, unknown>) => {
    asked.push(structuredClone(items));
    await held;
    return set(items);
  });
  return { asked, release };
}

describe('the persisted job queue', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.restoreAllMocks());

  it('runs a job once and tells when it settles', async () => {
    const run = vi.fn(async (job: Job, { markSending }: JobSteps) => {
      await markSending();
      return entry(job);
    });
    const onSettled = vi.fn(async () => {});
    const q = new JobQueue({ run, wakeAt: () => {} });
    q.events.on('tell', onSettled);
    const job = await q.add(fields);
    const settled = await q.waitFor(job.id, 2000);
    expect(settled?.state).toBe('done');
    expect(run).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('resumes after a restart: pending jobs run, a job that was on the wire goes again, done jobs do not', async () => {
    const now = Date.now();
    const stored: Job[] = [
      { ...fields, id: 'pending', state: 'pending', attempts: 0, notBefore: 0, createdAt: now },
      { ...fields, id: 'sending', state: 'sending', attempts: 1, notBefore: 0, createdAt: now },
      { ...fields, id: 'done', state: 'done', attempts: 1, notBefore: 0, createdAt: now, settledAt: now },
    ];
    await queueItem.setValue(stored);
    const ran: string[] = [];
    const q = new JobQueue({
      run: async (job) => {
        ran.push(job.id);
        return entry(job);
      },
      wakeAt: () => {},
    });
    await q.resume();
    await Promise.all([q.waitFor('pending', 2000), q.waitFor('sending', 2000)]);
    expect(ran.sort()).toEqual(['pending', 'sending']);
    expect((await q.list()).every((j) => j.state === 'done')).toBe(true);
  });

  it('does not redo the shortening of a job whose short link is known', async () => {
    await queueItem.setValue([
      {
        ...fields,
        id: 'half',
        state: 'sending',
        attempts: 1,
        notBefore: 0,
        createdAt: Date.now(),
        shortened: { shortUrl: 'https://sho.rt/h', shortCode: 'h', linkId: 5 },
      },
    ]);
    const seen: Job[] = [];
    const q = new JobQueue({ run: async (job) => (seen.push(job), entry(job)), wakeAt: () => {} });
    await q.resume();
    await q.waitFor('half', 2000);
    expect(seen[0]?.shortened?.shortCode).toBe('h');
  });

  it('retries transient failures later (bounded), and fails at once on a refused request', async () => {
    let calls = 0;
    const wakes: number[] = [];
    const q = new JobQueue({
      run: async (job) => {
        calls++;
        if (calls === 1) throw new ApiError({ kind: 'server', message: '500' });
        return entry(job);
      },
      wakeAt: (at) => wakes.push(at),
      policy: { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 60_000, maxRateLimitedTries: 5 },
    });
    const job = await q.add(fields);
    expect((await q.waitFor(job.id, 5000))?.state).toBe('done');
    expect(calls).toBe(2);
    expect(wakes.length).toBeGreaterThan(0);

    const refused = new JobQueue({
      run: async () => {
        throw new ApiError({ kind: 'invalid-request', message: 'bad url' });
      },
      wakeAt: () => {},
    });
    const j2 = await refused.add(fields);
    const settled = await refused.waitFor(j2.id, 2000);
    expect(settled?.state).toBe('failed');
    expect(settled?.error?.message).toBe('bad url');
    expect(settled?.attempts).toBe(1);
  });

  it("starts a burst a few jobs at a time, the user's presses before a bulk batch", async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const q = new JobQueue({
      run: (job) =>
        new Promise((resolve) => {
          started.push(job.args.url);
          release.push(() => resolve(entry(job)));
        }),
      wakeAt: () => {},
    });
    const bulk = Array.from({ length: 20 }, (_, i) => ({
      ...fields,
      source: 'bulk' as const,
      priority: 'background' as const,
      args: { ...args, url: `https://example.org/bulk/${i}` },
    }));
    await q.addMany(bulk);
    const press = await q.add({ ...fields, args: { ...args, url: 'https://example.org/pressed' } });
    // In the first turn at most START_AT_ONCE jobs begin (the request of the first can leave
    // before twenty others have done their work); the press is among the first to start.
    const firstTurn = started.length;
    expect(firstTurn).toBeLessThanOrEqual(START_AT_ONCE + 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toHaveLength(21);
    expect(started.indexOf('https://example.org/pressed')).toBeLessThan(started.length - 8);
    for (const r of release) r();
    expect((await q.waitFor(press.id, 2000))?.state).toBe('done');
  });

  it('starts the best due job alone in its turn (its request first), the others in the next turns', async () => {
    // A turn counter: a timer always armed before any the queue arms in the turn it runs in.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const turns: number[] = [];
    const q = new JobQueue({ run: () => new Promise(() => turns.push(turn)), wakeAt: () => {} });
    const rows = Array.from({ length: 5 }, (_, i) => ({
      ...fields,
      source: 'bulk' as const,
      priority: 'background' as const,
      args: { ...args, url: `https://example.org/turn/${i}` },
    }));
    await q.addMany(rows);
    await vi.waitFor(() => expect(turns).toHaveLength(5));
    ticking = false;
    expect(turns.filter((t) => t === turns[0])).toHaveLength(1);
    expect(Math.min(...turns.slice(1))).toBeGreaterThan(turns[0]!);
  });

  it("starts an account's batch a few windows ahead, the next as one gets its link; a press and another account's batch at once", async () => {
    const started: string[] = [];
    const linkMade: (() => Promise<void>)[] = [];
    const q = new JobQueue({
      run: (job, { checkpoint }) =>
        new Promise(() => {
          started.push(job.args.url);
          linkMade.push(() => checkpoint({ shortened: { shortUrl: 'https://sho.rt/x', shortCode: 'x', linkId: 1 } }));
        }),
      wakeAt: () => {},
    });
    const batch = (account: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...fields,
        fingerprint: account,
        source: 'bulk' as const,
        priority: 'background' as const,
        args: { ...args, url: `https://example.org/${account}/${i}` },
      }));
    const of = (account: string) => started.filter((u) => u.includes(`/${account}/`)).length;
    await q.addMany(batch('a', BACKGROUND_AHEAD + 5));
    await vi.waitFor(() => expect(of('a')).toBe(BACKGROUND_AHEAD));
    await q.addMany(batch('b', 3));
    await q.add({ ...fields, args: { ...args, url: 'https://example.org/pressed' } });
    await vi.waitFor(() => expect(started).toContain('https://example.org/pressed'));
    await vi.waitFor(() => expect(of('b')).toBe(3));
    expect(of('a')).toBe(BACKGROUND_AHEAD);
    // Two of the batch's links are made (their assignments may still wait): two more rows start.
    await linkMade[0]!();
    await linkMade[1]!();
    await vi.waitFor(() => expect(of('a')).toBe(BACKGROUND_AHEAD + 2));
  });

  it('does not cancel a job whose request has left, and cancels one still waiting', async () => {
    let leave: () => void = () => {};
    let finish: () => void = () => {};
    const q = new JobQueue({
      run: async (job, { markSending }) => {
        leave = markSending;
        await new Promise<void>((r) => (finish = r));
        await markSending();
        return entry(job);
      },
      wakeAt: () => {},
    });
    const err = { kind: 'cancelled', message: 'Cancelled.' } as never;
    const waiting = await q.add(fields);
    await new Promise((r) => setTimeout(r, 5));
    expect(await q.cancel([waiting.id], err)).toEqual([waiting.id]);
    finish();
    expect((await q.waitFor(waiting.id, 2000))?.state).toBe('failed');

    const sent = await q.add({ ...fields, args: { ...args, url: 'https://example.org/b' } });
    await new Promise((r) => setTimeout(r, 5));
    await leave();
    expect(await q.cancel([sent.id], err)).toEqual([]);
    finish();
    expect((await q.waitFor(sent.id, 2000))?.state).toBe('done');
  });

  it("a press's job is asked of storage before its request leaves, without waiting for storage's answer", async () => {
    const { asked, release } = storageAnsweringLate();
    const queuedWhenSent: string[][] = [];
    const run = vi.fn(async (job: Job, { markSending }: JobSteps) => {
      queuedWhenSent.push(asked.flatMap((w) => ((w.queue ?? []) as Job[]).map((j) => j.id)));
      markSending();
      return entry(job);
    });
    const q = new JobQueue({ run, wakeAt: () => {} });
    const job = await q.add(fields);
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    // Its write was asked before its request went out, and is stored once storage answers.
    expect(queuedWhenSent[0]).toContain(job.id);
    expect(await queueItem.getValue()).toEqual([]);
    release();
    await vi.waitFor(async () => expect((await queueItem.getValue()).find((j) => j.id === job.id)?.state).toBe('done'));
  });

  it('a burst of presses shares writes: the first is asked at once, the others go together after it', async () => {
    const { asked, release } = storageAnsweringLate();
    const q = new JobQueue({ run: () => new Promise(() => {}), wakeAt: () => {} });
    const adding = Array.from({ length: 20 }, (_, i) => q.add({ ...fields, args: { ...args, url: `https://example.org/burst/${i}` } }));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    release();
    const jobs = await Promise.all(adding);
    await vi.waitFor(async () => expect(await queueItem.getValue()).toHaveLength(20));
    expect(asked).toHaveLength(2);
    expect(((asked[1]!.queue ?? []) as Job[]).map((j) => j.id)).toEqual(jobs.map((j) => j.id));
  });

  it('stores a batch and the jobs it names in one write, before any of them runs, even when another change is being written', async () => {
    const writes: Record<string, unknown>[] = [];
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items: Record<string, unknown>) => {
      writes.push(structuredClone(items));
      return set(items);
    });
    const seenAtRun: (BulkBatch | null)[] = [];
    const q = new JobQueue({
      run: async (job) => {
        seenAtRun.push(await bulkItem.getValue());
        return entry(job);
      },
      wakeAt: () => {},
    });
    const bulk = Array.from({ length: 3 }, (_, i) => ({
      ...fields,
      source: 'bulk' as const,
      priority: 'background' as const,
      args: { ...args, url: `https://example.org/together/${i}` },
    }));
    const batchOf = (made: Job[]): BulkBatch => ({
      id: 'b1',
      createdAt: 0,
      fingerprint: 'fp',
      service: 'http://127.0.0.1',
      domainId: null,
      campaignId: null,
      channelId: null,
      items: made.map((j) => ({ url: j.args.url, state: 'waiting' as const, jobId: j.id })),
    });
    // Another change of the queue in the same turn: its write starts while the batch is being added.
    const other = q.unmarkNotify('another-job');
    const made = await q.addMany(bulk, (m) => [{ item: bulkItem, value: batchOf(m) }]);
    await other;
    await Promise.all(made.map((j) => q.waitFor(j.id, 2000)));
    const withBatch = writes.filter((w) => 'bulk' in w);
    expect(withBatch).toHaveLength(1);
    const queued = ((withBatch[0]!.queue ?? []) as Job[]).map((j) => j.id);
    expect(made.every((j) => queued.includes(j.id))).toBe(true);
    // Every bulk job saw its batch stored when it ran.
    expect(seenAtRun.filter((b) => b?.id === 'b1')).toHaveLength(3);
  });

  it('stores neither the jobs nor their batch when the write fails, and goes on writing later changes', async () => {
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let failNext = true;
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items: Record<string, unknown>) => {
      if ('bulk' in items && failNext) {
        failNext = false;
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      return set(items);
    });
    const ran: string[] = [];
    const q = new JobQueue({ run: async (job) => (ran.push(job.args.url), entry(job)), wakeAt: () => {} });
    const batch: BulkBatch = {
      id: 'b2',
      createdAt: 0,
      fingerprint: 'fp',
      service: 'http://127.0.0.1',
      domainId: null,
      campaignId: null,
      channelId: null,
      items: [],
    };
    const bulk = [
      { ...fields, source: 'bulk' as const, priority: 'background' as const, args: { ...args, url: 'https://example.org/not-stored' } },
    ];
    await expect(q.addMany(bulk, () => [{ item: bulkItem, value: batch }])).rejects.toThrow(/quota/);
    const later = await q.add({ ...fields, args: { ...args, url: 'https://example.org/later' } });
    expect((await q.waitFor(later.id, 2000))?.state).toBe('done');
    expect(ran).toEqual(['https://example.org/later']);
    expect(await bulkItem.getValue()).toBeNull();
    expect((await queueItem.getValue()).map((j) => j.args.url)).toEqual(['https://example.org/later']);
  });
});

describe('a job whose request was on the wire when the worker stopped', () => {
  beforeEach(() => fakeBrowser.reset());

  /** A queue whose first life sends the job and never hears back; returns the stored queue after the stop. */
  async function stoppedWhileSent(customCode?: string) {
    const first = new JobQueue({
      run: async (_job, { markSending }) => {
        await markSending();
        return new Promise(() => {}); // the answer never comes: the worker is stopped meanwhile
      },
      wakeAt: () => {},
    });
    const job = await first.add({ ...fields, args: { ...args, ...(customCode ? { customCode } : {}) } });
    await vi.waitFor(async () => expect((await queueItem.getValue())[0]?.sentAt).toBeDefined());
    return job;
  }

  it('is not sent again blindly: it ends saying the link may have been made', async () => {
    const job = await stoppedWhileSent();
    let sent = 0;
    const next = new JobQueue({ run: async (j) => (sent++, entry(j)), wakeAt: () => {} });
    await next.resume();
    const settled = await next.waitFor(job.id, 2000);
    expect(settled).toMatchObject({ state: 'failed', error: { reason: 'answer-lost' } });
    expect(sent).toBe(0);
  });

  it('with a custom alias, it is repeated (the repeat cannot make a second link)', async () => {
    const job = await stoppedWhileSent('spring');
    let sent = 0;
    const next = new JobQueue({
      run: async (j) => (sent++, entry(j)),
      wakeAt: () => {},
      policy: { baseDelayMs: 10, maxDelayMs: 20, giveUpAfterMs: 60_000, maxRateLimitedTries: 5 },
    });
    await next.resume();
    expect((await next.waitFor(job.id, 2000))?.state).toBe('done');
    expect(sent).toBe(1);
  });
});
