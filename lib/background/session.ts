/**
 * The session of a connection: the API clients (one per priority), the rate budgets and the
 * cache, all for one account (service URL + key). The current connection's serves the pages; a
 * saved connection that is not current keeps its own session while its jobs run (its budgets,
 * its requests), so nothing of one account is used for another.
 */
import { ApiError, createApiClient, type ApiClient } from '@/lib/api';
import { budgetsItem, cacheItem, connectionItem, type BudgetState, type Connection } from '@/lib/storage';
import { connectionsItem } from '@/lib/storage/connections';
import { coalesced } from './serialize';
import { savedConnectionOf } from './connectionState';
import { RateBudgets } from './budget';
import { ResourceCache } from './cache';
import { fingerprintOf } from './fingerprint';
import { RequestGate, type Priority } from './gate';

export interface Session {
  connection: Connection;
  fingerprint: string;
  client: Record<Priority, ApiClient>;
  /** A client whose requests call `onSend` right before they go out (jobs record it). */
  clientWithHook: (priority: Priority, onSend: () => void) => ApiClient;
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

/** The key of a connection's session: its service URL and key. */
const keyOf = (c: Connection | null) => (c ? `${c.serviceUrl}\n${c.apiKey}` : '');

// The budgets of every account share one stored item: its writes go one after another, and the
// budgets told by answers that land together are written together.
const budgetWrites = coalesced(
  () => budgetsItem.getValue(),
  (all) => budgetsItem.setValue(all),
);
/** A write of the budgets item of its own (an account forgotten), in turn with the budgets' changes. */
export const budgetsAlone = <R>(step: () => Promise<R>): Promise<R> => budgetWrites.alone(step);
/** Stores one account's budgets beside the others'. */
const saveBudgets = (fingerprint: string, states: Record<string, BudgetState>) =>
  budgetWrites.change((all) => ({ ...all, [fingerprint]: states }));

/** The budgets and the cache, read beside the connection when the worker starts. */
interface StartReads {
  budgets: ReturnType<typeof budgetsItem.getValue>;
  cache: ReturnType<typeof cacheItem.getValue>;
}

/** Starts the reads a session is built from (a read nobody uses fails quietly; one used fails its build). */
function startReads(): StartReads {
  const reads = { budgets: budgetsItem.getValue(), cache: cacheItem.getValue() };
  reads.budgets.catch(() => undefined);
  reads.cache.catch(() => undefined);
  return reads;
}

/** Keeps the Session of the stored connection, and those of saved connections whose jobs still run. */
export class SessionHolder {
  private current: Promise<Session | null> | null = null;
  private currentKey = '';
  /** Sessions of saved connections that are not the current one, by keyOf. */
  private readonly others = new Map<string, Promise<Session>>();
  private read: { value: Promise<Connection | null>; doneAt: number; reads?: StartReads } | null = null;
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
      // No session yet (the worker's start): what building it reads is read beside the connection.
      const reads = this.current ? undefined : startReads();
      const entry: NonNullable<SessionHolder['read']> = { value: connectionItem.getValue(), doneAt: 0, reads };
      entry.value.then(
        () => (entry.doneAt = performance.now()),
        () => {
          if (this.read === entry) this.read = null;
        },
      );
      this.read = entry;
    }
    const entry = this.read!;
    const conn = await entry.value;
    const key = keyOf(conn);
    if (!this.current || key !== this.currentKey) {
      const old = this.current;
      const oldKey = this.currentKey;
      this.currentKey = key;
      const parked = this.others.get(key);
      this.others.delete(key);
      // A saved connection made current again takes its session back (its budgets, its jobs at the gate).
      const reads = entry.reads;
      entry.reads = undefined; // read once, for the session built from this read of the connection
      this.current = parked ? parked.then((s) => (s.cache.attach(), s)) : conn ? this.build(conn, true, reads) : Promise.resolve(null);
      // Parked at once (not after a read): a job of the old account asking now gets this session, not a second one.
      if (old && oldKey) {
        const kept = old.then((s) => s!);
        this.others.set(oldKey, kept);
        void this.retire(kept, oldKey);
      }
    }
    return this.current;
  }

  /**
   * The session that was current: kept among the others (its cache in memory only) when its
   * connection is still saved, so its jobs go on; else ended, so that nothing more is sent or
   * stored for it.
   */
  private async retire(kept: Promise<Session>, oldKey: string): Promise<void> {
    const s = await kept.catch(() => null);
    if (!s) return void (this.others.get(oldKey) === kept && this.others.delete(oldKey));
    const saved = (await connectionsItem.getValue()).some((c) => keyOf(c) === oldKey);
    if (oldKey === this.currentKey) return; // made current again meanwhile
    if (saved) return s.cache.detach();
    if (this.others.get(oldKey) === kept) this.others.delete(oldKey);
    s.close();
  }

  /**
   * The session of the account `fingerprint` if it is still saved (current or not), else null:
   * a job runs only for its own account, with that account's budgets.
   */
  async forAccount(fingerprint: string): Promise<Session | null> {
    const current = await this.get();
    if (current?.fingerprint === fingerprint) return current;
    if (this.forgotten.has(fingerprint)) return null;
    const c = await savedConnectionOf(fingerprint);
    if (!c) return null;
    const key = keyOf(c);
    if (key === this.currentKey) return this.current;
    let s = this.others.get(key);
    if (!s) {
      s = this.build(c, false);
      this.others.set(key, s);
    }
    return s;
  }

  /** Accounts forgotten while this worker lives: their jobs end saying so, not as "the key changed". */
  private readonly forgotten = new Set<string>();

  /** Whether the account `fingerprint` was forgotten (its waiting links end with that reason). */
  wasForgotten = (fingerprint: string): boolean => this.forgotten.has(fingerprint);

  /** Ends the session of a connection that was forgotten: its waiting requests fail, nothing more is sent for it. */
  async drop(conn: Connection, fingerprint: string): Promise<void> {
    this.forgotten.add(fingerprint);
    const key = keyOf(conn);
    const s = this.others.get(key);
    this.others.delete(key);
    (await s?.catch(() => null))?.close();
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
    if (!s || !s.connection.apiKey) throw new ApiError({ kind: 'bad-key', reason: 'not-connected', message: 'Not connected.' });
    return s;
  }

  /**
   * Builds a session for a connection (also used to verify a connection before saving it);
   * `current`: its cache is the one in storage (else it lives in memory).
   */
  async build(conn: Connection, current = true, reads?: StartReads): Promise<Session> {
    const { now } = this.deps;
    // The three reads side by side (`reads`: started with the connection's): a cold start's first request waits for them.
    const [fingerprint, stored, cached] = await Promise.all([
      fingerprintOf(conn.serviceUrl, conn.apiKey),
      reads?.budgets ?? budgetsItem.getValue(),
      current ? (reads?.cache ?? cacheItem.getValue()) : Promise.resolve(null),
    ]);
    let closed = false;
    const budgets = new RateBudgets(now, stored[fingerprint] ?? {}, (states) => {
      // A cache of what the server said: a write refused (storage full) costs nothing but a slower start.
      if (!closed) void saveBudgets(fingerprint, states).catch(() => undefined);
    });
    if (cached?.fingerprint === fingerprint) budgets.plan = cached.account?.value.status ?? null;
    const gate = new RequestGate(budgets, this.deps.fetch, now, this.deps.timeoutMs ?? 15_000, this.deps.changeTimeoutMs);
    const make = (priority: Priority, onSend?: () => void) =>
      createApiClient({
        baseUrl: conn.serviceUrl,
        apiKey: conn.apiKey,
        fetch: gate.fetchWith(priority, onSend),
        timeoutMs: 0, // the gate times each request from when it is sent
        shortenAuth: conn.shortenAuth,
        onShortenAuthLearned: (form) => {
          conn.shortenAuth = form; // clients made later in this worker's life use it at once
          void connectionItem.getValue().then((c) => {
            if (c && c.serviceUrl === conn.serviceUrl && c.apiKey === conn.apiKey)
              void connectionItem.setValue({ ...c, shortenAuth: form });
          });
        },
      });
    const cache = new ResourceCache(fingerprint, now, undefined, current, cached);
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
