// Bulk batches in the worker's service against the sandbox over real HTTP (fake browser storage).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createService } from '@/lib/background/service';
import type { BulkView } from '@/lib/messaging';

let sb: Sandbox;

async function connected() {
  const service = createService({
    fetch: (i, init) => fetch(i, init),
    copy: async () => true,
    notify: async () => undefined,
    wakeAt: () => {},
    hasHostPermission: async () => false,
  });
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  return service;
}
const shortens = () => sb.log.filter((l) => l.path === '/api/shorten').length;
const states = (v: BulkView | null) => v?.batch.items.map((it) => it.state);

/** Asks for the batch until `done` accepts it. */
async function until(service: Awaited<ReturnType<typeof connected>>, done: (v: BulkView | null) => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await service.bulk.getBulk();
    if (done(v)) return v!;
    if (Date.now() > end) throw new Error(`batch not as expected: ${JSON.stringify(states(v))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1000, shortenLimit: 2, shortenWindowMs: 1500, rateWindow: 'first-request' });
});
afterEach(() => sb.close());

const req = (urls: string[], over: Partial<Parameters<Awaited<ReturnType<typeof connected>>['bulk']['startBulk']>[0]> = {}) => ({
  addresses: urls.map((url) => ({ url })),
  domainId: null,
  campaignId: null,
  channelId: null,
  makeNew: false,
  ...over,
});

describe('bulk batches', () => {
  it('makes every address once, files them in Recent links, and reuses them in the next batch unless asked not to', async () => {
    const service = await connected();
    const urls = [1, 2, 3].map((n) => `${sb.url}/page/b${n}`);
    await service.bulk.startBulk(req(urls));
    const done = await until(service, (v) => states(v)!.every((s) => s === 'made'));
    expect(done.batch.items.every((it) => it.shortUrl?.startsWith('http'))).toBe(true);
    expect(shortens()).toBe(3);
    const history = await service.recent.getHistory();
    for (const url of urls) expect(history.filter((e) => e.longUrl === url)).toHaveLength(1);

    // The same addresses again: reused from Recent links, nothing sent.
    const reused = await service.bulk.startBulk(req(urls));
    expect(states(reused)).toEqual(['reused', 'reused', 'reused']);
    expect(reused!.batch.items.map((it) => it.shortUrl)).toEqual(done.batch.items.map((it) => it.shortUrl));
    expect(shortens()).toBe(3);
    // Another domain is not the same link; "make new" makes new ones.
    const domainId = sb.state.forKey(sb.key).domains[0]!.id!;
    expect(states(await service.bulk.startBulk(req(urls.slice(0, 1), { domainId })))).toEqual(['waiting']);
    await until(service, (v) => states(v)![0] === 'made');
    expect(states(await service.bulk.startBulk(req(urls.slice(0, 1), { makeNew: true })))).toEqual(['waiting']);
    await until(service, (v) => states(v)![0] === 'made');
    expect(shortens()).toBe(5);
  });

  it('refuses more than 500 addresses, and a second batch while one runs, before anything is sent', async () => {
    const service = await connected();
    const many = Array.from({ length: 501 }, (_, i) => `${sb.url}/page/m${i}`);
    await expect(service.bulk.startBulk(req(many))).rejects.toMatchObject({ kind: 'invalid-input', field: 'addresses' });
    expect(shortens()).toBe(0);
    await service.bulk.startBulk(req([1, 2, 3, 4].map((n) => `${sb.url}/page/r${n}`)));
    await expect(service.bulk.startBulk(req([`${sb.url}/page/other`]))).rejects.toMatchObject({
      message: expect.stringMatching(/still running/),
    });
  });

  it('two pages pressing "Shorten all" at once: one batch runs, the other is refused and nothing of it is sent', async () => {
    const service = await connected();
    const a = [1, 2].map((n) => `${sb.url}/page/ta${n}`);
    const b = [1, 2].map((n) => `${sb.url}/page/tb${n}`);
    const [first, second] = await Promise.allSettled([service.bulk.startBulk(req(a)), service.bulk.startBulk(req(b))]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/still running/) } });
    await until(service, (v) => states(v)!.every((s) => s === 'made'));
    const made = sb.state.forKey(sb.key).links.map((l) => l.url);
    expect(made.filter((u) => a.includes(u))).toHaveLength(2);
    expect(made.filter((u) => b.includes(u))).toHaveLength(0);
  });

  it('Cancel stops the rows not sent yet; Retry makes a cancelled row', async () => {
    const service = await connected();
    const urls = [1, 2, 3, 4, 5, 6].map((n) => `${sb.url}/page/c${n}`);
    await service.bulk.startBulk(req(urls));
    // The budget lets 2 go; the others wait for the window.
    await until(service, (v) => states(v)!.filter((s) => s === 'made').length === 2);
    const cancelled = await service.bulk.cancelBulk();
    expect(states(cancelled)).toEqual(['made', 'made', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    await new Promise((r) => setTimeout(r, 2000)); // past the window: nothing more goes
    expect(shortens()).toBe(2);
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url.includes('/page/c'))).toHaveLength(2);
    await service.bulk.retryBulk({ index: 3 });
    const after = await until(service, (v) => states(v)![3] === 'made');
    expect(states(after)).toEqual(['made', 'made', 'cancelled', 'made', 'cancelled', 'cancelled']);
    expect(shortens()).toBe(3);
  });

  it('a stored batch whose rows have no job (as an earlier version could leave it) is queued when read', async () => {
    const service = await connected();
    await service.bulk.startBulk(req([`${sb.url}/page/o1`]));
    await until(service, (v) => states(v)![0] === 'made');
    // A record as an earlier version left it when the worker stopped between storing the batch and its jobs.
    const { bulkItem } = await import('@/lib/storage');
    const stored = (await bulkItem.getValue())!;
    await bulkItem.setValue({ ...stored, id: 'orphan', items: [{ url: `${sb.url}/page/o2`, state: 'waiting', jobId: null }] });
    const made = await until(service, (v) => states(v)![0] === 'made');
    expect(made.batch.items[0]!.shortUrl).toMatch(/^http/);
    expect(sb.state.forKey(sb.key).links.filter((l) => l.url === `${sb.url}/page/o2`)).toHaveLength(1);
  });
});
