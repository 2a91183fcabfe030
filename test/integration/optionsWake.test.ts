// The options page's port, opened as its script starts: the worker starts loading the account and
// every list at once (a stopped worker is woken by it), and the page's own questions, asked once
// it is drawn, share those loads. The worker's service against the sandbox over real HTTP.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerPopupPort } from '@/lib/background/handlers';
import { OPTIONS_PORT } from '@/lib/messaging/popupPort';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';

const ID = 'linkshort-test';
const ORIGIN = `chrome-extension://${ID}/`;
const LISTS = ['/api/channels', '/api/pixels', '/api/domains', '/api/campaigns', '/api/qr', '/api/overlay', '/api/splash'];
let sb: Sandbox;

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', latencyMs: 100 });
});
afterEach(() => sb.close());

/** The worker's port listener, and a port "opened" by a page at `url` of the extension `id`. */
function connect(service: ReturnType<typeof makeService>['service'], url: string, id = ID) {
  let listener: ((port: never) => void) | undefined;
  registerPopupPort({ addListener: (fn) => void (listener = fn as never) }, service, ID, ORIGIN);
  const port = { name: OPTIONS_PORT, sender: { id, url }, disconnect: vi.fn() };
  listener!(port as never);
  return port;
}

const paths = (from: number) => sb.log.slice(from).map((l) => l.path);

it('starts loading the account and every list before the page asks, and the page’s questions send nothing more', async () => {
  const { service } = makeService();
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  await service.lists.clearCache();
  const from = sb.log.length;
  const port = connect(service, `${ORIGIN}options.html`);
  expect(port.disconnect).toHaveBeenCalled();
  // Every list's first page is asked for before any question of the page.
  await vi.waitFor(() => expect(new Set(paths(from))).toEqual(new Set(['/api/account', ...LISTS])), { timeout: 10_000 });
  const asked = sb.log.length;
  const answers = await Promise.all([
    service.lists.getAccount({}),
    service.lists.getList({ name: 'campaigns' }),
    service.lists.getList({ name: 'domains' }),
    service.lists.getList({ name: 'qrs' }),
  ]);
  expect(answers[1].value.length).toBeGreaterThan(0);
  expect(answers.every((a) => a.value !== undefined)).toBe(true);
  expect(sb.log.length).toBe(asked);
});

it('a port of that name from another extension, or while not connected, loads nothing', async () => {
  const { service } = makeService();
  const disconnected = connect(service, `${ORIGIN}options.html`);
  expect(disconnected.disconnect).toHaveBeenCalled();
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  await service.lists.clearCache();
  const from = sb.log.length;
  const foreign = connect(service, 'chrome-extension://other/options.html', 'other');
  expect(foreign.disconnect).toHaveBeenCalled();
  // A question after it: had the port started loads, their requests would have left before this one's answer.
  await service.lists.getAccount({});
  expect(paths(from)).toEqual(['/api/account']);
});
