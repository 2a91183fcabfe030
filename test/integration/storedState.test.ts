// Stored items that are not what the worker expects: each reproduction made
// the worker fail before its items were read through their schemas.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';

let sb: Sandbox;
const links = (url: string) => sb.state.forKey(sb.key).links.filter((l) => l.url === url);

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1000 });
});
afterEach(() => sb.close());

/** A connected worker, then `raw` written into storage behind its back, then a restarted worker. */
async function connectedThenStored(raw: Record<string, unknown>) {
  await makeService().service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  await fakeBrowser.storage.local.set(raw);
  return makeService().service;
}

describe('stored state that is not what the worker expects', () => {
  it('history as a string: each press makes one link, shown and kept, and the loss is told once', async () => {
    const service = await connectedThenStored({ history: 'not a list' });
    for (const url of ['https://example.org/h1', 'https://example.org/h2']) {
      const out = await service.shortening.shorten({ url, domainId: null, campaignId: null });
      expect(out.status).toBe('done');
      expect(links(url)).toHaveLength(1);
    }
    expect((await service.recent.getHistory()).map((e) => e.longUrl)).toEqual(['https://example.org/h2', 'https://example.org/h1']);
    expect(await service.storedCheck.takeStorageNotices()).toEqual(['history']);
    expect(await service.storedCheck.takeStorageNotices()).toEqual([]);
  });

  it('a corrupt history entry drops that entry, not the history', async () => {
    const good = {
      id: 'g',
      longUrl: 'https://example.org/g',
      shortUrl: `${sb.url}/g`,
      shortCode: 'g',
      linkId: 1,
      domainId: null,
      campaign: { state: 'none' },
      createdAt: 1,
      service: sb.url,
    };
    const service = await connectedThenStored({ history: [good, { id: 5 }, null] });
    expect((await service.recent.getHistory()).map((e) => e.id)).toEqual(['g']);
    expect(await service.storedCheck.takeStorageNotices()).toEqual(['history']);
  });

  it.each([
    ['a string', 'garbage'],
    ['[null, 7]', [null, 7]],
  ])('queue as %s: Shorten works at once and after', async (_, queue) => {
    const service = await connectedThenStored({ queue });
    for (const url of ['https://example.org/q1', 'https://example.org/q2']) {
      const out = await service.shortening.shorten({ url, domainId: null, campaignId: null });
      expect(out.status).toBe('done');
      expect(links(url)).toHaveLength(1);
    }
    expect(await service.storedCheck.takeStorageNotices()).toEqual(['queue']);
  });

  it('unsent not a list: the waiting links read as none, and the loss is told', async () => {
    const service = await connectedThenStored({ unsent: { id: 'x' } });
    expect(await service.shortening.getWaitingLinks()).toEqual({ pending: [], waiting: [], unsent: [] });
    expect(await service.storedCheck.takeStorageNotices()).toEqual(['unsent']);
  });

  it('connection {serviceUrl: 5}: the worker reads no connection, says so, and a new one can be saved', async () => {
    const service = await connectedThenStored({ connection: { serviceUrl: 5 } });
    expect(await service.connection.getConnection()).toEqual({ connected: false, serviceUrl: null, keyHint: null });
    expect(await service.storedCheck.takeStorageNotices()).toEqual(['connection']);
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    expect((await service.shortening.shorten({ url: 'https://example.org/c1', domainId: null, campaignId: null })).status).toBe('done');
  });

  it('a wrong key keeps the service URL; wrong preferences get their defaults, the others stay', async () => {
    const service = await connectedThenStored({
      connection: { serviceUrl: sb.url, apiKey: 42 },
      settings: { autoCopy: false, copyFormat: 'nope', keepHistory: 'yes' },
    });
    expect(await service.connection.getConnection()).toEqual({ connected: false, serviceUrl: sb.url, keyHint: null });
    const settings = await service.settings.getSettings();
    expect(settings).toMatchObject({ autoCopy: false, copyFormat: 'link', keepHistory: true, historyLimit: 5000 });
    expect((await service.storedCheck.takeStorageNotices()).sort()).toEqual(['connection', 'settings']);
  });
});

describe('the check of stored state, once in a worker’s life', () => {
  it('reads every item at the first question, later only the three small ones; a loss found by a later read is still told, once', async () => {
    const service = await connectedThenStored({});
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    // Reads of the items themselves (the notes' own item is read at every question).
    const itemReads = () => get.mock.calls.filter((c) => !JSON.stringify(c[0]).includes('storageNotices')).length;
    expect(await service.storedCheck.takeStorageNotices()).toEqual([]);
    const first = itemReads();
    expect(first).toBeGreaterThanOrEqual(8);
    expect(await service.storedCheck.takeStorageNotices()).toEqual([]);
    // Presets and rules, QR styles and tracked QR codes again (damage done while the worker lives), nothing large.
    expect(itemReads()).toBe(first + 3);
    // Broken afterwards (by something else): the next read of the item repairs it and notes it.
    await fakeBrowser.storage.local.set({ unsent: 'broken' });
    expect(await service.shortening.getWaitingLinks()).toEqual({ pending: [], waiting: [], unsent: [] });
    expect(await service.storedCheck.takeStorageNotices()).toEqual(['unsent']);
    expect(await service.storedCheck.takeStorageNotices()).toEqual([]);
    get.mockRestore();
  });
});
