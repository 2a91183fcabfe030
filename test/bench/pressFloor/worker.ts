/**
 * The press floor's service worker: answers one runtime message, `{ shorten: url }`, with the
 * service's short link, sending the same `POST /api/shorten` as the project's worker (the key
 * in `X-API-KEY`, the address as JSON), with no job, queue, gate or storage write. Its first
 * request on a cold start is timed too: the worker's time origin is in `performance.timeOrigin`.
 */
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

interface Connection {
  serviceUrl: string;
  apiKey: string;
}

const read = () => chrome.storage.local.get('connection').then((r) => r.connection as Connection | undefined);
// Read as the script starts, as the floor of the lists does (test/bench/floor/lists.ts); again when
// the bench stored it after this worker started.
let connection = read();

async function shorten(url: string): Promise<string> {
  let c = await connection;
  if (!c) c = await (connection = read());
  if (!c) throw new Error('no connection stored');
  const r = await fetch(`${c.serviceUrl}/api/shorten`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-API-KEY': c.apiKey },
    body: JSON.stringify({ url }),
  });
  const body = (await r.json()) as { short_url?: string };
  if (!body.short_url) throw new Error(`no short_url (${r.status})`);
  return body.short_url;
}

chrome.runtime.onMessage.addListener((message: unknown, _sender, send: (answer: unknown) => void) => {
  const url = (message as { shorten?: unknown } | null)?.shorten;
  if (typeof url !== 'string') return false;
  shorten(url).then(
    (link) => send({ link }),
    (err: unknown) => send({ error: String(err) }),
  );
  return true;
});
