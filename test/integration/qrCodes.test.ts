// QR styles per account and tracked QR codes in the worker's service, against the sandbox over real HTTP (fake browser storage).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createService } from '@/lib/background/service';
import { DEFAULT_QR_STYLE } from '@/lib/qr/style';

/** Polls `fn` until it answers something truthy. */
async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what}: not reached`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let sb: Sandbox;
/** Added to the real time: the test moves the service's clock forward. */
let skew = 0;
const OTHER_KEY = 'other-account-key-0123456789';

function makeService() {
  return createService({
    fetch: (i, init) => fetch(i, init),
    now: () => Date.now() + skew,
    copy: async () => true,
    notify: async () => undefined,
    wakeAt: () => {},
    hasHostPermission: async () => false,
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  skew = 0;
  sb = await startSandbox({ port: 0, plan: 'pro', extraKeys: [{ key: OTHER_KEY, plan: 'pro' }] });
});
afterEach(() => sb.close());

const blue = { ...DEFAULT_QR_STYLE, foreground: '#1f6feb' };

describe('QR style', () => {
  it('is kept per account, and a style scanners read badly is refused', async () => {
    const service = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    expect(await service.qrStyles.getQrStyle()).toEqual(DEFAULT_QR_STYLE);
    expect(await service.qrStyles.saveQrStyle({ style: blue })).toEqual(blue);
    await expect(service.qrStyles.saveQrStyle({ style: { ...blue, foreground: '#ffffff', background: '#000000' } })).rejects.toMatchObject({
      reason: 'qr-style',
      detail: 'inverted',
    });
    expect(await makeService().qrStyles.getQrStyle()).toEqual(blue); // a restarted worker reads it back

    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: OTHER_KEY });
    expect(await service.qrStyles.getQrStyle()).toEqual(DEFAULT_QR_STYLE);
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    expect(await service.qrStyles.getQrStyle()).toEqual(blue);
    await service.qrStyles.saveQrStyle({ style: null });
    expect(await service.qrStyles.getQrStyle()).toEqual(DEFAULT_QR_STYLE);
  });
});

describe('tracked QR code', () => {
  it('creates a QR code of type link with the short link in the account colours, once, and reads its scans at most once a minute', async () => {
    const service = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await service.qrStyles.saveQrStyle({
      style: { ...blue, logo: { dataUrl: 'data:image/png;base64,iVBORw0KGgo=', type: 'image/png', bytes: 8, name: 'l.png' } },
    });
    const made = await service.trackedQrs.makeTrackedQr({ shortUrl: 'https://sho.rt/abc' });
    expect(made).toMatchObject({ state: 'made', shortUrl: 'https://sho.rt/abc', scans: 0 });
    expect(made.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/qr\/\d+$/);
    const record = sb.state.forKey(sb.key).qrs.find((q) => q.id === made.id)!;
    expect(record).toMatchObject({
      type: 'link',
      data: 'https://sho.rt/abc',
      foreground: 'rgb(31,111,235)',
      background: 'rgb(255,255,255)',
      logo: null,
    });

    // A second press finds it: no second QR code.
    expect((await service.trackedQrs.makeTrackedQr({ shortUrl: 'https://sho.rt/abc' })).id).toBe(made.id);
    expect(sb.log.filter((l) => l.path === '/api/qr/add')).toHaveLength(1);

    // Its image, read by the worker for the page to copy or download.
    const image = await service.trackedQrs.getTrackedQrImage({ shortUrl: 'https://sho.rt/abc' });
    expect(image.type).toBe('image/svg+xml');
    expect(Buffer.from(image.dataUrl.split(',')[1]!, 'base64').toString('utf8')).toBe(await (await fetch(made.link!)).text());

    record.scans = 7;
    const lists = () => sb.log.filter((l) => l.path === '/api/qr' && l.method === 'GET').length;
    expect((await service.trackedQrs.getTrackedQrs({ refresh: true }))['https://sho.rt/abc']!.scans).toBe(0); // read a moment ago
    expect(lists()).toBe(0);
    skew += 61_000;
    expect((await service.trackedQrs.getTrackedQrs({ refresh: true }))['https://sho.rt/abc']!.scans).toBe(7);
    const after = lists();
    expect(after).toBeGreaterThan(0);
    await service.trackedQrs.getTrackedQrs({ refresh: true });
    expect(lists()).toBe(after); // not again within the minute
  });

  it('made while the budget is spent: stored as waiting, then made when the budget allows', async () => {
    await sb.close();
    sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 2, mainWindowMs: 2_000, rateWindow: 'first-request' });
    const service = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key }); // one request of the two
    await service.lists.getList({ name: 'domains' }); // the second: the window is spent
    const waiting = await service.trackedQrs.makeTrackedQr({ shortUrl: 'https://sho.rt/wait' });
    expect(waiting.state).toBe('waiting');
    expect(waiting.sendAt).toBeGreaterThan(Date.now());
    expect((await service.trackedQrs.getTrackedQrs({}))['https://sho.rt/wait']!.state).toBe('waiting');
    const made = await service.trackedQrs.waitTrackedQr({ shortUrl: 'https://sho.rt/wait' });
    expect(made).toMatchObject({ state: 'made', shortUrl: 'https://sho.rt/wait' });
    expect(sb.state.forKey(sb.key).qrs.some((q) => q.id === made.id && q.data === 'https://sho.rt/wait')).toBe(true);
  });

  it('a waiting one survives a stopped worker: the next worker sends it on resume', async () => {
    await sb.close();
    sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 2, mainWindowMs: 2_000, rateWindow: 'first-request' });
    const first = makeService();
    await first.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await first.lists.getList({ name: 'domains' }); // the window is spent
    const waiting = await first.trackedQrs.makeTrackedQr({ shortUrl: 'https://sho.rt/restart' });
    expect(waiting.state).toBe('waiting');
    first.sessions.get().then((s) => s?.close()); // the worker stops: its waiting request is dropped
    const second = makeService();
    await until(async () => (await second.trackedQrs.resumeTrackedQrs()) || true, 'resume');
    const made = await until(
      async () => {
        const q = (await second.trackedQrs.getTrackedQrs({}))['https://sho.rt/restart'];
        return q?.state === 'made' ? q : null;
      },
      'the tracked QR code made by the next worker',
      20_000,
    );
    expect(sb.state.forKey(sb.key).qrs.filter((q) => q.data === 'https://sho.rt/restart')).toHaveLength(1);
    expect(made.link).toMatch(/^http/);
  });
});
