// Several accounts, the worker's service against two sandboxes over real HTTP: each link lands in
// the service of the connection it was made with, a switch back and forth with warm caches sends
// nothing, remembered choices and budgets stay with their account, and forgetting a connection
// ends what waited for it with one true sentence.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { budgetsItem, connectionStateItem } from '@/lib/storage';
import { fingerprintOf } from '@/lib/background/fingerprint';
import { makeService } from './makeService';

let a: Sandbox;
let b: Sandbox;
const urlsOf = (sb: Sandbox) => sb.state.forKey(sb.key).links.map((l) => l.url);

beforeEach(async () => {
  fakeBrowser.reset();
  a = await startSandbox({ port: 0, plan: 'pro', key: 'first-account-key-1111' });
  b = await startSandbox({ port: 0, plan: 'pro', seed: 'empty', key: 'second-account-key-2222' });
});
afterEach(async () => {
  await a.close();
  await b.close();
});

/** A service connected to the first sandbox, with the second added (and current); a shorten answers "queued" after 0.5 s. */
async function twoAccounts() {
  const made = makeService({ shortenWaitMs: 500 });
  await made.service.connection.saveConnection({ serviceUrl: a.url, apiKey: a.key, name: 'Client A' });
  await made.service.accounts.addConnection({ name: 'Client B', serviceUrl: b.url, apiKey: b.key });
  const fpA = await fingerprintOf(a.url, a.key);
  const fpB = await fingerprintOf(b.url, b.key);
  return { ...made, fpA, fpB };
}

describe('several connections', () => {
  it('lists both, the added one current, with names and masked keys; the pages know both names', async () => {
    const { service, fpA, fpB } = await twoAccounts();
    const list = await service.accounts.listConnections();
    expect(list.map((c) => [c.name, c.current, c.keyHint.endsWith('2222') || c.keyHint.endsWith('1111')])).toEqual([
      ['Client B', true, true],
      ['Client A', false, true],
    ]);
    expect(JSON.stringify(list)).not.toContain(a.key);
    expect(await connectionStateItem.getValue()).toEqual({
      connected: true,
      fingerprint: fpB,
      accounts: [
        { fingerprint: fpA, name: 'Client A' },
        { fingerprint: fpB, name: 'Client B' },
      ],
    });
  });

  it('a link queued on the first (its budget spent) is made on the first after switching to the second and making a link there', async () => {
    const { service, fpA, fpB } = await twoAccounts();
    await service.accounts.switchConnection({ fingerprint: fpA });
    a.spendBudget('shorten', 6000);
    const queued = await service.shortening.shorten({ url: 'https://example.org/for-a', domainId: null, campaignId: null });
    expect(queued.status).toBe('queued');
    const list = await service.accounts.listConnections();
    expect(list.find((c) => c.name === 'Client A')?.waiting).toBe(1);

    await service.accounts.switchConnection({ fingerprint: fpB });
    const onB = await service.shortening.shorten({ url: 'https://example.org/for-b', domainId: null, campaignId: null });
    expect(onB.status).toBe('done'); // the second account's budget is its own
    if (queued.status !== 'queued') return;
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: queued.jobId }))?.state).toBe('done'), {
      timeout: 30_000,
    });
    expect(urlsOf(a)).toContain('https://example.org/for-a');
    expect(urlsOf(a)).not.toContain('https://example.org/for-b');
    expect(urlsOf(b)).toEqual(['https://example.org/for-b']);
    // Each account keeps its own budgets, by fingerprint.
    expect(Object.keys(await budgetsItem.getValue()).sort()).toEqual([fpA, fpB].sort());
  }, 60_000);

  it('a warm switch sends no request, and each account shows its own lists and remembered choices', async () => {
    const { service, fpA, fpB } = await twoAccounts();
    await service.accounts.switchConnection({ fingerprint: fpA });
    const campaignsA = (await service.lists.getList({ name: 'campaigns' })).value;
    expect(campaignsA.length).toBeGreaterThan(0);
    await service.settings.saveSettings({ lastCampaignId: campaignsA[0]!.id });
    await service.accounts.switchConnection({ fingerprint: fpB });
    expect((await service.lists.getList({ name: 'campaigns' })).value).toEqual([]);
    expect((await service.settings.getSettings()).lastCampaignId).toBeNull();

    const sent = a.log.length + b.log.length;
    await service.accounts.switchConnection({ fingerprint: fpA });
    expect((await service.lists.getList({ name: 'campaigns' })).value).toEqual(campaignsA);
    expect((await service.settings.getSettings()).lastCampaignId).toBe(campaignsA[0]!.id);
    await service.lists.getAccount({});
    await service.accounts.switchConnection({ fingerprint: fpB });
    expect((await service.lists.getList({ name: 'campaigns' })).value).toEqual([]);
    expect(a.log.length + b.log.length).toBe(sent);
  });

  it('refuses to add a connection saved already, a name too long, and a key the service refuses, keeping the current one', async () => {
    const { service } = await twoAccounts();
    await expect(service.accounts.addConnection({ name: 'Again', serviceUrl: a.url, apiKey: a.key })).rejects.toMatchObject({
      reason: 'connection-exists',
      detail: 'Client A',
    });
    await expect(service.accounts.addConnection({ name: 'x'.repeat(101), serviceUrl: b.url, apiKey: 'another-key' })).rejects.toMatchObject(
      {
        reason: 'name-too-long',
      },
    );
    await expect(service.accounts.addConnection({ name: 'Wrong', serviceUrl: b.url, apiKey: 'not-a-key-of-b' })).rejects.toMatchObject({
      kind: 'bad-key',
    });
    expect((await service.accounts.listConnections()).map((c) => c.name)).toEqual(['Client B', 'Client A']);
  });

  it('renames a connection; an empty name shows its host', async () => {
    const { service, fpA } = await twoAccounts();
    await service.accounts.renameConnection({ fingerprint: fpA, name: '  Agency  ' });
    expect((await service.accounts.listConnections()).map((c) => c.name)).toEqual(['Client B', 'Agency']);
    await service.accounts.renameConnection({ fingerprint: fpA, name: '' });
    expect((await service.accounts.listConnections())[1]!.name).toBe(new URL(a.url).host);
  });

  it('forgetting a connection with a waiting link ends it with one notification, and nothing reaches its service', async () => {
    const { service, notes, fpA, fpB } = await twoAccounts();
    await service.accounts.switchConnection({ fingerprint: fpA });
    a.spendBudget('shorten', 60_000);
    const queued = await service.shortening.shorten({ url: 'https://example.org/never', domainId: null, campaignId: null });
    if (queued.status !== 'queued') throw new Error('not queued');
    await service.accounts.switchConnection({ fingerprint: fpB });
    const { connections, ended } = await service.accounts.forgetConnection({ fingerprint: fpA });
    expect(ended).toBe(1);
    expect(connections.map((c) => c.name)).toEqual(['Client B']);
    // One waiting at the gate ends as its session is dropped (a moment after the answer).
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: queued.jobId }))?.state).toBe('failed'));
    expect((await service.shortening.getJob({ jobId: queued.jobId }))?.error?.reason).toBe('connection-forgotten');
    expect(notes.filter((n) => n.title === 'Links not made: connection forgotten').map((n) => n.message)).toEqual([
      'A link waiting for “Client A” was not made, because that connection was forgotten.',
    ]);
    a.resetRateLimits();
    await service.resume();
    expect(urlsOf(a)).not.toContain('https://example.org/never');
    expect((await connectionStateItem.getValue())?.accounts).toBeUndefined(); // one account left: no Account select
  });

  it('forgetting the current connection makes the next one current', async () => {
    const { service, fpB } = await twoAccounts();
    await service.accounts.forgetConnection({ fingerprint: fpB });
    expect((await service.accounts.listConnections()).map((c) => [c.name, c.current])).toEqual([['Client A', true]]);
    expect((await service.connection.getConnection()).serviceUrl).toBe(a.url);
  });

  it("an install with one connection (today's storage) keeps its key, history, queue, budgets and cache when a second is added and it is switched back", async () => {
    const fpA = await fingerprintOf(a.url, a.key);
    const at = Date.now();
    const entry = {
      id: 'h1',
      longUrl: 'https://example.org/old',
      shortUrl: 'https://sho.rt/old',
      shortCode: 'old',
      linkId: 1,
      domainId: null,
      campaign: { state: 'none' },
      createdAt: at - 1000,
      service: a.url,
      account: fpA,
    };
    const job = {
      id: 'j1',
      kind: 'shorten',
      source: 'popup',
      args: { url: 'https://example.org/queued-before', domainId: null, campaignId: null },
      priority: 'interactive',
      state: 'pending',
      attempts: 0,
      notBefore: at,
      createdAt: at,
      fingerprint: fpA,
      notify: true,
      service: a.url,
    };
    const budget = { limit: 100, remaining: 7, resetAt: at + 30_000, windowMs: 60_000, learned: true };
    await fakeBrowser.storage.local.set({
      connection: { serviceUrl: a.url, apiKey: a.key },
      connectionState: { connected: true, fingerprint: fpA },
      history: [entry],
      queue: [job],
      budgets: { fingerprint: fpA, states: { shorten: budget } },
      cache: { fingerprint: fpA, lists: { campaigns: { value: [{ id: 9, name: 'Kept' }], fetchedAt: at } } },
    });
    const { service } = makeService();
    expect((await service.accounts.listConnections()).map((c) => [c.name, c.current])).toEqual([[new URL(a.url).host, true]]);
    expect((await budgetsItem.getValue())[fpA]?.shorten?.remaining).toBe(7); // the one account's budgets, now by fingerprint
    await service.resume();
    await vi.waitFor(async () => expect((await service.shortening.getJob({ jobId: 'j1' }))?.state).toBe('done'), { timeout: 10_000 });
    expect(urlsOf(a)).toContain('https://example.org/queued-before');

    await service.accounts.addConnection({ name: 'Client B', serviceUrl: b.url, apiKey: b.key });
    expect((await service.recent.getHistory()).map((e) => e.longUrl)).not.toContain('https://example.org/old');
    const sent = a.log.length;
    await service.accounts.switchConnection({ fingerprint: fpA });
    expect((await service.recent.getHistory()).map((e) => e.longUrl)).toEqual(
      expect.arrayContaining(['https://example.org/old', 'https://example.org/queued-before']),
    );
    expect((await service.lists.getList({ name: 'campaigns' })).value).toEqual([{ id: 9, name: 'Kept' }]);
    expect(a.log.length).toBe(sent);
  });

  it('a change from a page that still shows the other account is refused, and nothing reaches either service', async () => {
    const { service, fpA, fpB } = await twoAccounts();
    expect((await service.connection.getConnection()).fingerprint).toBe(fpB);
    const before = a.state.forKey(a.key).campaigns.length + b.state.forKey(b.key).campaigns.length;
    // A page that showed the first account (another window has switched to the second since).
    await expect(service.lists.mutate({ op: 'addCampaign', args: [{ name: 'Meant for A' }], account: fpA } as never)).rejects.toMatchObject(
      {
        reason: 'account-switched',
      },
    );
    await expect(service.linkRules.saveLinkRules({ rules: [], account: fpA } as never)).rejects.toMatchObject({
      reason: 'account-switched',
    });
    await expect(
      service.bulk.startBulk({
        addresses: [{ url: 'https://example.org/x' }],
        domainId: null,
        campaignId: null,
        channelId: null,
        account: fpA,
      } as never),
    ).rejects.toMatchObject({ reason: 'account-switched' });
    expect(a.state.forKey(a.key).campaigns.length + b.state.forKey(b.key).campaigns.length).toBe(before);
    // Naming the account shown, it goes through.
    await service.lists.mutate({ op: 'addCampaign', args: [{ name: 'Meant for B' }], account: fpB } as never);
    expect(b.state.forKey(b.key).campaigns.map((c) => c.name)).toContain('Meant for B');
  });

  it('saving the other saved connection\'s URL and key in "Connection" is refused: it is used with Use, not saved twice', async () => {
    const { service } = await twoAccounts();
    await expect(service.connection.saveConnection({ serviceUrl: a.url, apiKey: a.key })).rejects.toMatchObject({
      reason: 'connection-exists',
      detail: 'Client A',
    });
    expect((await service.accounts.listConnections()).map((c) => c.name)).toEqual(['Client B', 'Client A']);
  });
});
