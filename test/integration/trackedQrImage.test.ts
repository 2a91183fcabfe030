// A tracked QR code's image, read by the worker for Copy and Download, against the sandbox over
// real HTTP: read only at the service's own origin, never through a redirect; an image the service
// names elsewhere is refused with a reason, and nothing reaches that address.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { errorSentence } from '@/lib/i18n/errorText';
import { makeService } from './makeService';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
let sb: Sandbox;
/** Another origin on this machine (another port), as a hostile service would name: what reaches it. */
let elsewhere: { server: Server; url: string; seen: string[] };

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro' });
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
    res.end(SVG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
});
afterEach(async () => {
  await sb.close();
  await new Promise((resolve) => elsewhere.server.close(resolve));
});

/** A connected service whose next tracked QR code the sandbox answers with the image at `link`. */
async function trackedWithImageAt(link: string) {
  const { service } = makeService();
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  sb.faults.push({
    path: /^\/api\/qr\/add$/,
    answer: { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ error: 0, id: 9001, link }) },
  });
  const made = await service.trackedQrs.makeTrackedQr({ shortUrl: 'https://sho.rt/img' });
  expect(made.link).toBe(link);
  return service;
}

describe("a tracked QR code's image", () => {
  it('named at another origin: not read by the worker, refused with a reason the page words', async () => {
    const service = await trackedWithImageAt(`${elsewhere.url}/private/admin.svg`);
    const error = await service.trackedQrs.getTrackedQrImage({ shortUrl: 'https://sho.rt/img' }).catch((e: unknown) => e);
    expect(elsewhere.seen).toEqual([]);
    expect(error).toMatchObject({ reason: 'image-elsewhere', detail: elsewhere.url });
    expect(errorSentence(error, 'popup')).toBe(
      `the service keeps it at another address than its own (${elsewhere.url}), and LinkShort reads images only from the service itself.`,
    );
  });

  it('at the service, but redirected to another origin: the redirect is not followed', async () => {
    const service = await trackedWithImageAt(`${sb.url}/api/qr-image/9001`);
    sb.faults.push({
      path: /^\/api\/qr-image\/9001$/,
      answer: { status: 302, headers: { Location: `${elsewhere.url}/private/admin.svg` }, body: '' },
    });
    await expect(service.trackedQrs.getTrackedQrImage({ shortUrl: 'https://sho.rt/img' })).rejects.toMatchObject({ kind: 'network' });
    expect(elsewhere.seen).toEqual([]);
  });
});
