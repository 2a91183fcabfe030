/**
 * Runs inside the floor extension (bundled by build.ts): reads the connection the bench stored
 * (`connection` in storage.local, as configureExtension writes it) and fetches whole lists from
 * the sandbox: page 1, then, once it names the page count, every other page at once.
 */
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

interface Connection {
  serviceUrl: string;
  apiKey: string;
}
interface ListData {
  maxpage: number;
  [name: string]: unknown;
}

const read = async () => (await chrome.storage.local.get('connection')).connection as Connection | undefined;
// Started as the script starts, so a woken worker reads it while its message is on the way.
let stored = read();

/** The stored connection (read again if the bench stored it after this script started). */
export async function connection(): Promise<Connection> {
  const c = await stored;
  if (c) return c;
  stored = read();
  const again = await stored;
  if (!again) throw new Error('no connection stored');
  return again;
}

async function listPage(c: Connection, name: string, page: number, limit: number): Promise<ListData> {
  const r = await fetch(`${c.serviceUrl}/api/${name}?limit=${limit}&page=${page}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${c.apiKey}` },
  });
  return ((await r.json()) as { data: ListData }).data;
}

/** Every item of the list `name`: page 1, then pages 2..maxpage together. */
export async function wholeList(name: string, limit = 100): Promise<unknown[]> {
  const c = await connection();
  const first = await listPage(c, name, 1, limit);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.maxpage - 1) }, (_, i) => listPage(c, name, i + 2, limit)));
  return [first, ...rest].flatMap((d) => d[name] as unknown[]);
}

/** The three lists of the popup, fetched side by side. */
export async function threeLists(): Promise<{ domains: unknown[]; campaigns: unknown[]; channels: unknown[] }> {
  const [domains, campaigns, channels] = await Promise.all([wholeList('domains'), wholeList('campaigns'), wholeList('channels')]);
  return { domains, campaigns, channels };
}

/** Milliseconds on the shared epoch clock (performance.timeOrigin + now), comparable across the page and the worker. */
export const epochNow = () => performance.timeOrigin + performance.now();
