/**
 * The session of the current connection: the API clients (one per priority), the rate
 * budgets and the cache, all for one account (service URL + key). Rebuilt when the
 * connection changes, so nothing of one account is used for another.
 */
import { ApiError, createApiClient, type ApiClient } from '../api';
import { budgetsItem, cacheItem, connectionItem, type Connection } from '../storage';
import { RateBudgets } from './budget';
import { ResourceCache } from './cache';
import { fingerprintOf } from './fingerprint';
import { RequestGate, type Priority } from './gate';

export interface Session {
  connection: Connection;
  fingerprint: string;
  client: Record<Priority, ApiClient>;
  /** A client whose requests call `onSend` right before they go out (jobs record it). */
  clientWithHook: (priority: Priority, onSend: () => Promise<void>) => ApiClient;
  gate: RequestGate;
  cache: ResourceCache;
  /** Ends the session: waiting requests fail, nothing more is sent or stored for it. */
  close(): void;
}

/** How long a read of the stored connection is reused (ms). */
export const CONNECTION_REUSE_MS = 100;

export interface SessionDeps {
  fetch: typeof fetch;
  now: () => number;
  timeoutMs?: number;
  /** Timeout of a change (POST, PUT, DELETE); default CHANGE_TIMEOUT_MS. */
  changeTimeoutMs?: number;
}

/** Keeps one Session for the stored connection, rebuilding it when the connection changes. */
export class SessionHolder {
  private current: Promise<Session | null> | null = null;
  private currentKey = '';
  private read: { value: Promise<Connection | null>; doneAt: number } | null = null;
  // The connection is read from storage (a read at most CONNECTION_REUSE_MS old), not watched:
  // a storage.onChanged listener would wake a stopped worker at every write of any item.
  constructor(private readonly deps: SessionDeps) {}

  /** The session of the stored connection, or null when not connected. */
  async get(fresh = false): Promise<Session | null> {
    // A read a moment old is reused: sixty presses at once make one storage read, and their
    // jobs start without another (each read waits behind the burst of messages). The worker
    // writes the connection itself and then calls reset(), which reads afresh.
    const r = this.read;
    if (fresh || !r || (r.doneAt > 0 && performance.now() - r.doneAt > CONNECTION_REUSE_MS)) {
      const entry = { value: connectionItem.getValue(), doneAt: 0 };
      entry.value.then(
        () => (entry.doneAt = performance.now()),
        () => {
          if (this.read === entry) this.read = null;
        },
      );
      this.read = entry;
    }
    const conn = await this.read!.value;
    const key = conn ? `${conn.serviceUrl}\n${conn.apiKey}` : '';
    if (!this.current || key !== this.currentKey) {
      // Another account (or none): the old session must not send or store anything more.
      void this.current?.then((old) => old?.close());
      this.currentKey = key;
      this.current = conn ? this.build(conn) : Promise.resolve(null);
    }
    return this.current;
  }

  /**
   * Takes a connection the worker is about to store: from now on every caller sees it (a read
   * made a moment earlier is not reused), even before the write lands.
   */
  adopt(conn: Connection | null): void {
    this.read = { value: Promise.resolve(conn), doneAt: performance.now() };
  }

  /** The session of the stored connection; refuses with a key error when there is no key. */
  async require(): Promise<Session> {
    const s = await this.get();
    if (!s || !s.connection.apiKey)
      throw new ApiError({ kind: 'bad-key', reason: 'not-connected', message: 'Not connected.' });
    return s;
  }

  /** Builds a session for a connection (also used to verify a connection before saving it). */
  async build(conn: Connection): Promise<Session> {
    const { now } = this.deps;
    const fingerprint = await fingerprintOf(conn.serviceUrl, conn.apiKey);
    const stored = await budgetsItem.getValue();
    let closed = false;
    const budgets = new RateBudgets(now, stored?.fingerprint === fingerprint ? stored.states : {}, (states) => {
      // A cache of what the server said: a write refused (storage full) costs nothing but a slower start.
      if (!closed) void budgetsItem.setValue({ fingerprint, states }).catch(() => undefined);
    });
    const cached = await cacheItem.getValue();
    if (cached?.fingerprint === fingerprint) budgets.plan = cached.account?.value.status ?? null;
    const gate = new RequestGate(budgets, this.deps.fetch, now, this.deps.timeoutMs ?? 15_000, this.deps.changeTimeoutMs);
    const make = (priority: Priority, onSend?: () => Promise<void>) =>
      createApiClient({
        baseUrl: conn.serviceUrl,
        apiKey: conn.apiKey,
        fetch: gate.fetchWith(priority, onSend),
        timeoutMs: 0, // the gate times each request from when it is sent
        shortenAuth: conn.shortenAuth,
        onShortenAuthLearned: (form) => {
          conn.shortenAuth = form; // clients made later in this worker's life use it at once
          void connectionItem.getValue().then((c) => {
            if (c && c.serviceUrl === conn.serviceUrl && c.apiKey === conn.apiKey) void connectionItem.setValue({ ...c, shortenAuth: form });
          });
        },
      });
    const cache = new ResourceCache(fingerprint, now);
    return {
      connection: conn,
      fingerprint,
      client: { interactive: make('interactive'), background: make('background') },
      clientWithHook: make,
      gate,
      cache,
      close: () => {
        closed = true;
        gate.close();
        cache.close();
      },
    };
  }

  /**
   * Takes a just-saved connection into account. The session is rebuilt only when the service
   * URL or key differs, so the same account keeps its budget.
   */
  async reset(): Promise<void> {
    await this.get(true); // closes the old session at once when the account changed
  }
}
