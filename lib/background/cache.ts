/**
 * The cache of the account and every list (all pages) in storage.local, for one account
 * (fingerprint). Served at once; refreshed in the background when older than the TTL;
 * loaded (interactive) when missing or when a refresh is asked for.
 */
import type { Account, ListName } from '@/lib/api';
import { cacheItem, type CacheState } from '@/lib/storage';
import type { Cached } from '@/lib/messaging';
import { serializer } from './serialize';

import { CACHE_TTL_MS } from '@/lib/storage/cachePolicy';
export { CACHE_TTL_MS };
export type CacheKey = ListName | 'account';

export class ResourceCache {
  private readonly write = serializer();
  private readonly loading = new Map<CacheKey, Promise<unknown>>();
  /** The stored cache, read once; writes go through to storage. */
  private memory: Promise<CacheState> | null = null;
  private closed = false;
  /** The write that will store the puts made meanwhile (one write for a burst of lists). */
  private writeSoon: Promise<void> | null = null;

  constructor(
    private readonly fingerprint: string,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = CACHE_TTL_MS,
    /** Whether it is the current account's (kept in storage); another account's lives in memory only. */
    private persist = true,
    /** The stored cache as the session read it (not read again); undefined: read it on first use. */
    stored?: CacheState | null,
  ) {
    if (stored !== undefined && persist)
      this.memory = Promise.resolve(stored?.fingerprint === fingerprint ? stored : { fingerprint, lists: {} });
  }

  private state(): Promise<CacheState> {
    const empty: CacheState = { fingerprint: this.fingerprint, lists: {} };
    this.memory ??= this.persist
      ? cacheItem.getValue().then((s) => (s && s.fingerprint === this.fingerprint ? s : empty))
      : Promise.resolve(empty);
    return this.memory;
  }

  /** Its account is no longer the current one: storage will hold another's cache. Resolves once the writes under way are done. */
  async detach(): Promise<void> {
    // The write the last puts asked for (a task later) stores this account's lists first: skipped,
    // a warm switch back found them missing in storage and asked the service again.
    await this.writeSoon;
    this.persist = false;
    await this.write(async () => undefined);
  }

  /** Its account is the current one again: the cache the switch put back in storage is read afresh. */
  attach(): void {
    this.persist = true;
    this.memory = null;
  }

  /** The stored entry of a key, if any. */
  async peek<T>(key: CacheKey): Promise<{ value: T; fetchedAt: number } | undefined> {
    const s = await this.state();
    return (key === 'account' ? s.account : s.lists[key]) as { value: T; fetchedAt: number } | undefined;
  }

  /**
   * Serves a key: fresh → from the cache; stale → from the cache, refreshed in the background
   * with `load('background')`; missing or `refresh` → `load('interactive')` awaited.
   */
  async get<T>(
    key: CacheKey,
    load: (priority: 'interactive' | 'background') => Promise<T>,
    opts: { refresh?: boolean } = {},
  ): Promise<Cached<T>> {
    const entry = opts.refresh ? undefined : await this.peek<T>(key);
    if (entry) {
      const stale = this.now() - entry.fetchedAt > this.ttlMs;
      if (stale) void this.load(key, load, 'background').catch(() => undefined);
      return { value: entry.value, fetchedAt: entry.fetchedAt, stale };
    }
    const value = await this.load(key, load, 'interactive', { fresh: opts.refresh });
    return { value, fetchedAt: this.now(), stale: false };
  }

  /**
   * Loads a key and stores it; loads of the same key in flight are shared. A `fresh` load (after
   * a change, or an explicit refresh) starts after the one in flight, whose answer may predate it.
   */
  load<T>(
    key: CacheKey,
    load: (priority: 'interactive' | 'background') => Promise<T>,
    priority: 'interactive' | 'background',
    opts: { fresh?: boolean } = {},
  ): Promise<T> {
    const current = this.loading.get(key) as Promise<T> | undefined;
    if (current && !opts.fresh) return current;
    const p = (async () => {
      if (current) await current.catch(() => undefined);
      const value = await load(priority);
      // Answered once it is in memory: storage follows (else a cold popup's lists wait for up to four
      // writes of the whole cache, one after another); a write refused costs a later reload, not this answer.
      void this.put(key, value).catch(() => undefined);
      return value;
    })();
    this.loading.set(key, p);
    const done = () => {
      if (this.loading.get(key) === p) this.loading.delete(key);
    };
    void p.then(done, done);
    return p;
  }

  /** Stops storing (the session ended): a late answer must not land in another account's cache. */
  close(): void {
    this.closed = true;
  }

  /** Stores a value under a key: in memory at once (what is served next has it), in storage soon after; resolves once stored. */
  put(key: CacheKey, value: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    const entry = { value, fetchedAt: this.now() };
    this.memory = this.state().then((s) => {
      const next: CacheState = { ...s, lists: { ...s.lists } };
      if (key === 'account') next.account = entry as { value: Account; fetchedAt: number };
      else next.lists[key] = entry as { value: unknown[]; fetchedAt: number };
      return next;
    });
    return this.storeSoon();
  }

  /**
   * Writes the cache as it is then, a task after the puts that asked for it: the answers that
   * made them leave first (writing 1,000 campaigns holds the worker for tens of ms), and the
   * lists of a cold page, landing close together, go in one write instead of one each.
   */
  private storeSoon(): Promise<void> {
    this.writeSoon ??= new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
      this.writeSoon = null;
      const state = this.memory;
      return this.write(async () => {
        if (this.closed || !this.persist || !state) return;
        await cacheItem.setValue(await state);
      });
    });
    return this.writeSoon;
  }

  /** Empties the cache (in memory at once, then in storage). */
  clear(): Promise<void> {
    this.memory = Promise.resolve({ fingerprint: this.fingerprint, lists: {} });
    return this.write(async () => {
      if (this.persist) await cacheItem.setValue(null);
    });
  }
}
