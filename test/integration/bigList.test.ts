// A long list at a real distance: once its first page says how many there are, the worker asks
// for the other pages together (within the rate budget), so 1,000 campaigns at 100 a page take
// about two round trips, not ten. The worker's service against the sandbox over real HTTP.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';

const L = 200;
let sb: Sandbox;

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', latencyMs: L });
  const data = sb.state.forKey(sb.key);
  for (let i = data.campaigns.length; i < 1000; i++)
    data.campaigns.push({ id: sb.state.nextId('campaign'), name: `Campaign ${i}`, slug: null, public: false, nameKey: 'name' });
});
afterEach(() => sb.close());

it('loads 1,000 campaigns with the pages after the first asked for together, in order', async () => {
  const { service } = makeService();
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  const from = Date.now();
  const { value } = await service.lists.getList({ name: 'campaigns', refresh: true });
  expect(value).toHaveLength(1000);
  expect(new Set(value.map((c) => c.id)).size).toBe(1000);
  const pages = sb.log.filter((l) => l.path === '/api/campaigns' && l.at >= from);
  expect(pages.map((l) => new URLSearchParams(l.query).get('page')).sort((a, b) => Number(a) - Number(b))).toEqual([
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '10',
  ]);
  // Pages 2..10 were in flight together: each had reached the service before any of them was
  // answered (two round trips in all, however busy the machine; the time itself is the bench's).
  const rest = pages.slice(1);
  expect(Math.max(...rest.map((l) => l.at))).toBeLessThan(Math.min(...rest.map((l) => l.answeredAt ?? Infinity)));
  expect(rest.every((l) => l.at >= (pages[0]!.answeredAt ?? Infinity))).toBe(true);
});
