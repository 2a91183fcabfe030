// The client and the worker against a sandbox that answers like real deployments: a bad key
// with 403, validation failures with HTTP 200 `error: 1` (and "Please upgrade" in the text),
// the main group's rate limit with HTTP 200 `error: 429`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { ApiError, createApiClient } from '@/lib/api';
import { PIXEL_TYPES } from '@/lib/api/constants';
import { createService } from '@/lib/background/service';
import { errorSentence } from '@/lib/i18n/errorText';

let sb: Sandbox;

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

function makeService() {
  return createService({
    fetch: (i, init) => fetch(i, init),
    copy: async () => true,
    notify: async () => {},
    wakeAt: () => {},
    hasHostPermission: async () => false,
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1000, realDeployment: true });
});
afterEach(() => sb.close());

describe('a sandbox answering like real deployments', () => {
  it('answers as they do', async () => {
    const get = (key: string) => fetch(`${sb.url}/api/account`, { headers: { Authorization: `Bearer ${key}` } });
    const bad = await get('wrong-key');
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ error: 1, message: 'A valid API key is required to use this service.' });
    const add = await fetch(`${sb.url}/api/campaign/add`, { method: 'POST', headers: { Authorization: `Bearer ${sb.key}` }, body: '{}' });
    expect(add.status).toBe(200);
    expect(await add.json()).toMatchObject({ error: 1, message: expect.stringMatching(/^Campaign name cannot be empty\. Please upgrade/) });
  });
});

describe('pixel types of a real deployment', () => {
  it('accepts exactly the 13 types the client offers, and refuses any other as a real deployment does', async () => {
    const client = createApiClient({ baseUrl: sb.url, apiKey: sb.key });
    for (const [i, type] of PIXEL_TYPES.entries()) await client.addPixel({ type, name: `P${i}`, tag: `T-${i}` });
    const listed = await fetch(`${sb.url}/api/pixels?limit=50`, { headers: { Authorization: `Bearer ${sb.key}` } });
    const pixels = ((await listed.json()) as { data: { pixels: { type: string; name: string }[] } }).data.pixels;
    for (const [i, type] of PIXEL_TYPES.entries()) expect(pixels).toContainEqual(expect.objectContaining({ name: `P${i}`, type }));
    for (const type of ['pinterestpixel', 'clarity']) {
      const add = await fetch(`${sb.url}/api/pixel/add`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sb.key}` },
        body: JSON.stringify({ type, name: 'x', tag: 'X-1' }),
      });
      expect(await add.json()).toMatchObject({ error: 1, message: expect.stringMatching(/^Pixel provider is currently not supported\./) });
    }
  });
});

describe('the client classifies by what the answer says', () => {
  it('a wrong key answered with 403 is a key problem, in both groups', async () => {
    const bad = createApiClient({ baseUrl: sb.url, apiKey: 'wrong-key' });
    const main = await failure(bad.getAccount());
    expect(main.kind).toBe('bad-key');
    expect(main.status).toBe(403);
    expect((await failure(bad.shorten({ url: 'https://example.org/a' }))).kind).toBe('bad-key');
    expect(errorSentence(main, 'options')).not.toMatch(/Not allowed/);
  });

  it('a validation failure in a 200 is the service’s reason, said once, not a plan limit', async () => {
    const api = createApiClient({ baseUrl: sb.url, apiKey: sb.key });
    await api.addCampaign({ name: 'First', slug: 'taken-slug' });
    const err = await failure(api.addCampaign({ name: 'Second', slug: 'taken-slug' }));
    expect(err.kind).toBe('invalid-request');
    expect(err.serverText).toBe('This slug is already taken. Please upgrade to a premium plan for more features.');
    for (const context of ['options', 'popup', 'notification'] as const) {
      const sentence = errorSentence(err, context);
      expect(sentence).toBe('The service said: This slug is already taken. Please upgrade to a premium plan for more features.');
    }
  });

  it('a campaign without a name is refused before anything is sent', async () => {
    const api = createApiClient({ baseUrl: sb.url, apiKey: sb.key });
    const before = sb.log.length;
    // A caller that gives no name at all (the interface calls it optional).
    const noName = { slug: 'no-name' } as unknown as Parameters<typeof api.addCampaign>[0];
    const err = await failure(api.addCampaign(noName));
    expect(err).toMatchObject({ kind: 'invalid-input', field: 'name' });
    expect(sb.log.length).toBe(before);
    expect(sb.state.forKey(sb.key).campaigns.some((c) => c.name.trim() === '')).toBe(false);
  });

  it('the main group’s rate limit in a 200 is a rate limit with its wait', async () => {
    await sb.close();
    sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1, rateWindow: 'first-request', realDeployment: true });
    const api = createApiClient({ baseUrl: sb.url, apiKey: sb.key });
    await api.getAccount();
    const err = await failure(api.getAccount());
    expect(sb.log.at(-1)?.status).toBe(200);
    expect(err.kind).toBe('rate-limited');
    expect(err.retryAfterMs).toBeGreaterThan(0);
  });
});

describe('the worker survives them', () => {
  it('a wrong key is refused as a key problem when connecting', async () => {
    const service = makeService();
    const err = await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: 'wrong-key' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'bad-key' });
    expect(errorSentence(err, 'connection', { serviceUrl: sb.url })).toBe('The API key was rejected by the service. Check the API key.');
    expect((await service.connection.getConnection()).connected).toBe(false);
  });

  it('a key revoked after connecting makes the account a key problem, not "not allowed"', async () => {
    const service = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    sb.state.revokeKey(sb.key);
    const err = await service.lists.getAccount({ refresh: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'bad-key' });
    expect(errorSentence(err, 'options')).toBe('The API key was rejected by the service. Check the API key. (see Connection)');
  });

  it('a change refused by validation reaches the page as the service’s reason; a rate-limited change is made later', async () => {
    await sb.close();
    sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 3, mainWindowMs: 1500, rateWindow: 'first-request', realDeployment: true });
    const service = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await service.lists.mutate({ op: 'addCampaign', args: [{ name: 'One', slug: 'one' }] });
    const refused = await service.lists.mutate({ op: 'addCampaign', args: [{ name: 'Two', slug: 'one' }] }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'invalid-request' });
    expect(errorSentence(refused, 'options')).toMatch(/^The service said: This slug is already taken\./);
    // Another client of the same key spends the budget: the worker learns it from a 200 `error: 429`.
    const other = createApiClient({ baseUrl: sb.url, apiKey: sb.key });
    await Promise.allSettled([other.getAccount(), other.getAccount(), other.getAccount()]);
    await service.lists.mutate({ op: 'addCampaign', args: [{ name: 'Three', slug: 'three' }] });
    expect(sb.state.forKey(sb.key).campaigns.filter((c) => c.name === 'Three')).toHaveLength(1);
    expect(sb.log.some((l) => l.path === '/api/campaign/add' && l.rateLimited && l.status === 200)).toBe(true);
  }, 20_000);
});
