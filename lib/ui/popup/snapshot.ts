/**
 * What the popup's first render needs, read from storage.local in one call before it renders:
 * the key-free connection state, the preferences (remembered choices) and the worker's cache of
 * the account, domains, campaigns and channels, and the account's UTM presets and site rules. The `connection` item, which holds the API key, is never
 * read here. The items are named as in lib/storage/keys.ts, checked against it when typechecked:
 * the first script carries the names it reads, not the whole table.
 */
import { browser } from '@wxt-dev/browser';
import type { Account, Campaign, Channel, Domain } from '@/lib/api';
import type { CacheState, ConnectionState, Settings } from '@/lib/storage';
import { CACHE_TTL_MS } from '@/lib/storage/cachePolicy';
import { isRecord } from '@/lib/storage/isRecord';
import type { KEYS } from '@/lib/storage/keys';

/** The name of a stored item (one of lib/storage/keys.ts's). */
export type StoredItem = (typeof KEYS)[keyof typeof KEYS];

/** The storage.local items the popup reads: never `connection`. */
export const SNAPSHOT_KEYS = {
  state: 'connectionState',
  settings: 'settings',
  cache: 'cache',
  linkRules: 'linkRules',
  policy: 'policy',
} as const satisfies Record<string, StoredItem>;

/** The cached values of the account the popup's form shows (storage answers them; init.ts asks the worker). */
export const CACHED_KEYS = ['domains', 'campaigns', 'channels', 'account'] as const;
/** One of them. */
export type CachedKey = (typeof CACHED_KEYS)[number];

/** A cached value of the current account and whether the worker would refresh it. */
export interface SnapshotValue<T> {
  value: T;
  stale: boolean;
}

/** What storage answered; a missing part is asked of the worker after the first paint. */
export interface PopupSnapshot {
  state: ConnectionState | null;
  settings: Settings | null;
  domains: SnapshotValue<Domain[]> | null;
  campaigns: SnapshotValue<Campaign[]> | null;
  channels: SnapshotValue<Channel[]> | null;
  account: SnapshotValue<Account> | null;
  /** The connected account's UTM presets and site rules, unchecked (null: none stored). */
  linkRules: unknown;
}

export const EMPTY_SNAPSHOT: PopupSnapshot = {
  state: null,
  settings: null,
  domains: null,
  campaigns: null,
  channels: null,
  account: null,
  linkRules: null,
};

// The first render's own check (the worker reads each item through its schema after the first paint):
// a list whose items are not objects, or a state that is no state, is left to the worker.
const isList = (v: unknown): boolean => Array.isArray(v) && v.every(isRecord);

/** A cache entry as a snapshot value (null when absent or malformed). */
function entryOf<T>(entry: unknown, now: number, isValue: (v: unknown) => boolean): SnapshotValue<T> | null {
  if (!isRecord(entry) || typeof entry.fetchedAt !== 'number' || !isValue(entry.value)) return null;
  return { value: entry.value as T, stale: now - entry.fetchedAt > CACHE_TTL_MS };
}

/**
 * The connected account's record of presets and rules, when it has one: checked later, with the
 * UTM code (lib/links/linkRules.ts's readAccountRules; every record the extension writes has both
 * lists).
 */
function linkRulesOf(stored: unknown, state: ConnectionState | null, policy: unknown): unknown {
  if (!state?.connected || !state.fingerprint) return null;
  const mine = isRecord(stored) && isRecord(stored[state.fingerprint]) ? stored[state.fingerprint] : null;
  // The organisation's presets and rules go with them when the policy sets them for this account's service.
  const org = state.orgConventions && isRecord(policy) && isRecord(policy.policy) && isRecord(policy.policy.org) ? policy.policy.org : null;
  return org ? { ...(isRecord(mine) ? mine : {}), org } : mine;
}

/** Makes sense of the raw items: the cache counts only when it belongs to the connected account. */
export function snapshotOf(raw: Record<string, unknown>, now: number): PopupSnapshot {
  const rawState = raw[SNAPSHOT_KEYS.state];
  const state = isRecord(rawState) && typeof rawState.connected === 'boolean' ? (rawState as unknown as ConnectionState) : null;
  const settings = isRecord(raw[SNAPSHOT_KEYS.settings]) ? (raw[SNAPSHOT_KEYS.settings] as unknown as Settings) : null;
  const cache = raw[SNAPSHOT_KEYS.cache] as CacheState | undefined;
  const ours = !!state?.connected && !!state.fingerprint && isRecord(cache) && cache.fingerprint === state.fingerprint;
  const lists = ours && isRecord(cache.lists) ? cache.lists : {};
  return {
    state,
    settings,
    domains: entryOf<Domain[]>(lists.domains, now, isList),
    campaigns: entryOf<Campaign[]>(lists.campaigns, now, isList),
    channels: entryOf<Channel[]>(lists.channels, now, isList),
    account: ours ? entryOf<Account>(cache.account, now, isRecord) : null,
    linkRules: linkRulesOf(raw[SNAPSHOT_KEYS.linkRules], state, raw[SNAPSHOT_KEYS.policy]),
  };
}

/** The snapshot's raw items in one storage call (the only place that names what the popup reads). */
export function readSnapshotItems(): Promise<Record<string, unknown>> {
  return browser.storage.local.get(Object.values(SNAPSHOT_KEYS));
}
