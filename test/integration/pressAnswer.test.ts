// A press's answer against the sandbox over real HTTP: the page is told of its link in the same
// turn as the queue's write of it, not after that write; a private window's press only once that
// write has taken its address out of storage, and a bulk row is stored as made only after it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkItem, queueItem, type Job } from '@/lib/storage';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';

let sb: Sandbox;
afterEach(() => {
  vi.restoreAllMocks();
  return sb.close();
});

/** Holds every write of the job queue that holds a made link, until `release`. */
function holdWritesOfMadeLinks() {
  let release!: () => void;
  const until = new Promise<void>((r) => (release = r));
  let held = 0;
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items: Record<string, unknown>) => {
    const jobs = items.queue as Job[] | undefined;
    if (jobs?.some((j) => j.shortened)) {
      held++;
      await until;
    }
    return set(items);
  });
  return { release, held: () => held };
}

describe('a press is answered', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    sb = await startSandbox({ port: 0, plan: 'pro' });
  });

  it('with its link while the queue still writes it', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const hold = holdWritesOfMadeLinks();
    const out = await service.shortening.shorten({ url: 'https://example.org/answered', domainId: null, campaignId: null });
    expect(out.status).toBe('done');
    // Written after the answer (or under way): the page did not wait for it.
    await vi.waitFor(() => expect(hold.held()).toBeGreaterThan(0));
    expect((await queueItem.getValue()).some((j) => j.shortened)).toBe(false);
    hold.release();
    await vi.waitFor(async () => expect((await queueItem.getValue()).find((j) => j.shortened)?.state).toBe('done'));
  });

  it('from a private window only once its address has left storage', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const hold = holdWritesOfMadeLinks();
    let answered = false;
    const press = service.shortening
      .shorten({ url: 'https://secret.example/answered', domainId: null, campaignId: null, private: true })
      .then((out) => ((answered = true), out));
    await vi.waitFor(() => expect(hold.held()).toBeGreaterThan(0));
    // The write that takes the address out is held: the page has not been told.
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    hold.release();
    const out = await press;
    expect(out.status).toBe('done');
    expect(JSON.stringify(await queueItem.getValue())).not.toContain('secret.example');
    // Settled before the next test (a job ending later would write into its storage).
    await vi.waitFor(async () => expect((await queueItem.getValue()).map((j) => j.state)).toEqual(['done']));
  });

  it('on the bulk page: its row is stored as made only once the queue holds the link', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const hold = holdWritesOfMadeLinks();
    const url = 'https://example.org/bulk-answered';
    await service.bulk.startBulk({ addresses: [{ url }], domainId: null, campaignId: null, channelId: null, makeNew: false });
    await vi.waitFor(() => expect(hold.held()).toBeGreaterThan(0));
    // Made on the service, its job's write held: a worker stopped now would find the row still waiting.
    await vi.waitFor(() => expect(sb.state.forKey(sb.key).links.some((l) => l.url === url)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect((await bulkItem.getValue())?.items.map((it) => it.state)).toEqual(['waiting']);
    hold.release();
    await vi.waitFor(async () => expect((await bulkItem.getValue())?.items.map((it) => it.state)).toEqual(['made']));
  });
});
