/**
 * The fake worker's saved connections (the options page's "Connections"): listed, added, made
 * current, renamed and forgotten as lib/messaging promises. A connection may have its own
 * account and lists (`worlds`), which become the worker's when it is made current.
 */
import type { Account } from '@/lib/api';
import type { ConnectionInfo, ConnectionSummary } from '@/lib/messaging';
import type { FakeWorker } from './fakeWorker';

/** What one account holds while another is current. */
export interface FakeWorld {
  account: Account;
  lists: FakeWorker['lists'];
}

/** A saved connection as the worker lists it (defaults: current, nothing waiting). */
export function summary(over: Partial<ConnectionSummary> & Pick<ConnectionSummary, 'name'>): ConnectionSummary {
  return { fingerprint: `fp-${over.name}`, serviceUrl: 'https://links.example.com', keyHint: 'abcd', current: false, waiting: 0, ...over };
}

const hostOf = (url: string) => new URL(url).host;
const infoOf = (c: ConnectionSummary, name?: string): ConnectionInfo => ({
  connected: true,
  serviceUrl: c.serviceUrl,
  keyHint: c.keyHint,
  ...(name ? { name } : {}),
});
/** The current one first, as the worker lists them. */
const ordered = (list: ConnectionSummary[]) => [...list.filter((c) => c.current), ...list.filter((c) => !c.current)];

/** Makes `fp` the current connection: the current account's data is parked, the chosen one's taken out. */
function makeCurrent(w: FakeWorker, fp: string): void {
  const old = w.connections.find((c) => c.current);
  if (old) w.worlds[old.fingerprint] = { account: w.account, lists: w.lists };
  const world = w.worlds[fp];
  if (world) ({ account: w.account, lists: w.lists } = world);
  w.connections = ordered(w.connections.map((c) => ({ ...c, current: c.fingerprint === fp })));
}

/** Answers a connection message, or returns undefined for any other message. */
export async function answerConnections(w: FakeWorker, type: string, data: unknown): Promise<unknown> {
  const d = data as { name: string; serviceUrl: string; apiKey: string; fingerprint: string };
  const find = () => w.connections.find((c) => c.fingerprint === d.fingerprint);
  switch (type) {
    case 'listConnections':
      return ordered(w.connections);
    case 'addConnection': {
      if (d.apiKey === 'bad-key') throw { kind: 'bad-key', message: 'Invalid API key.', status: 401 };
      const added = summary({
        fingerprint: `fp-${w.nextId++}`,
        name: d.name || hostOf(d.serviceUrl),
        serviceUrl: d.serviceUrl,
        keyHint: d.apiKey.slice(-4),
      });
      w.connections = [...w.connections, added];
      makeCurrent(w, added.fingerprint);
      w.connection = infoOf(added, d.name);
      return { connections: w.connections, account: w.account };
    }
    case 'switchConnection': {
      const target = find();
      if (!target) throw { kind: 'not-found', message: 'No such connection.' };
      makeCurrent(w, target.fingerprint);
      w.connection = infoOf(target, target.name);
      return w.connection;
    }
    case 'renameConnection': {
      const target = find();
      if (!target) throw { kind: 'not-found', message: 'No such connection.' };
      const name = d.name || hostOf(target.serviceUrl);
      w.connections = w.connections.map((c) => (c === target ? { ...c, name } : c));
      if (target.current) w.connection = { ...w.connection, name: d.name || undefined };
      return w.connections;
    }
    case 'forgetConnection': {
      const target = find();
      if (!target) throw { kind: 'not-found', message: 'No such connection.' };
      w.connections = w.connections.filter((c) => c !== target);
      if (target.current) w.connection = { connected: false, serviceUrl: null, keyHint: null };
      return { connections: w.connections, ended: target.waiting };
    }
  }
  return undefined;
}
