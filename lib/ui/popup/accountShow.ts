/**
 * Showing an account other than the one the popup drew, in one path for both ways it happens:
 * the connection changed between the snapshot and the worker's answer (init.ts), or the user
 * chose another one in "Account" (accountSwitch.ts's switchAccount). The snapshot read again gives that
 * account's cached lists, remembered choices and site rules; the worker is asked only for what
 * storage did not answer or holds stale (a warm switch sends no message for them).
 */
import { ask } from './ask';
import type { Account } from '@/lib/api';
import type { AccountName, ConnectionState } from '@/lib/storage';
import { cachedLoader, showValue } from '@/lib/ui/cachedLoader';
import type { AccountChoice } from '@/lib/ui/accountChoice';
import { readSnapshotItems, snapshotOf, type CachedKey, type PopupSnapshot } from './snapshot';
import type { PopupKit, PopupState } from './state';

/** The cached values the form uses (snapshot.ts's CACHED_KEYS), each asked of the worker by its own message. */
const sources = {
  domains: () => ask('getList', { name: 'domains' }),
  campaigns: () => ask('getList', { name: 'campaigns' }),
  channels: () => ask('getList', { name: 'channels' }),
  account: () => ask('getAccount', {}) as Promise<{ stale: boolean; value: Account | null }>,
} satisfies Record<CachedKey, () => Promise<{ stale: boolean; value: unknown }>>;

/** The same keys as snapshot.ts's CACHED_KEYS, taken from here (a lazy chunk importing that one would make the first script export it). */
export const CACHED_KEYS = Object.keys(sources) as CachedKey[];

/** How many times the popup switched accounts: answers asked before a switch are dropped (one popup, one store). */
let switches = 0;
/** The popup switches accounts: what was asked for the one before no longer lands. */
export const accountSwitched = (): void => void switches++;
/** The account the popup shows, as a token its answers are checked against. */
export const shownAccount = (): number => switches;

/** Loads one cached value from the worker into the store (the remembered choices follow each list). */
export function cachedValues({ set, get, timers }: PopupKit): (key: CachedKey) => Promise<void> {
  return cachedLoader<CachedKey>({
    sources,
    timers,
    shownAccount,
    put: showValue(
      (key, loaded) => set({ [key]: loaded } as Partial<PopupState>),
      (key) => get()[key].value,
    ),
    after: (key) => (key === 'account' ? undefined : void get().formActions.applyRemembered()),
  });
}

/** Reads the snapshot again, in one storage call (the worker has written the connection state by then). */
export const reread = async (): Promise<PopupSnapshot> => snapshotOf(await readSnapshotItems(), Date.now());

/** A snapshot of `state` in which storage answered nothing (it could not be read): everything is asked of the worker. */
export function unread(state: ConnectionState): PopupSnapshot {
  return { state, settings: null, domains: null, campaigns: null, channels: null, account: null, linkRules: null };
}

/** The keys a snapshot does not answer, or answers stale. */
export const missingIn = (snap: PopupSnapshot): CachedKey[] => CACHED_KEYS.filter((k) => !snap[k] || snap[k].stale);

/** The entries of the state's list that name a connection (the first render's hand check does not look at it). */
export function accountNames(raw: unknown): AccountName[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((a): a is AccountName => !!a && typeof a === 'object' && typeof a.fingerprint === 'string' && typeof a.name === 'string')
    .map(({ fingerprint, name }) => ({ fingerprint, name }));
}

/** The Account select as the snapshot's connection state names it. */
export function accountsOf(snap: PopupSnapshot): AccountChoice {
  return { list: accountNames(snap.state?.accounts), current: snap.state?.fingerprint ?? null, switchingTo: null, error: null };
}

/**
 * Shows the account of the snapshot `now`: its cached values (what it lacks shows as loading and
 * is asked of the worker through `load`), its remembered choices over any the user picked for the
 * other account, and its site rules (applied after `cleaning`, which never removes them).
 */
export async function showAccount(
  kit: PopupKit,
  now: PopupSnapshot,
  load: (key: CachedKey) => Promise<void>,
  cleaning?: Promise<unknown>,
): Promise<void> {
  const { set, get } = kit;
  const s = get();
  // A rule or preset of the other account may have set UTM values: applying the rules again takes them away.
  const hadRules = s.linkRules !== null || s.utm.presetId !== '';
  const patch: Partial<PopupState> = {
    form: { ...s.form, choicesEdited: false },
    linkRulesRaw: now.linkRules,
    linkRules: null,
    rule: null,
    accounts: { ...accountsOf(now), switchingTo: s.accounts?.switchingTo ?? null },
  };
  if (now.state) patch.connection = now.state.connected ? 'connected' : 'disconnected';
  if (now.settings) patch.settings = now.settings;
  for (const key of CACHED_KEYS) {
    const cached = now[key];
    Object.assign(patch, {
      [key]: cached ? { state: 'ready', value: cached.value } : { state: 'loading', value: key === 'account' ? null : [] },
    });
  }
  set(patch);
  await get().formActions.applyRemembered();
  await Promise.all([
    // Disconnected: the popup shows the way to the options, not the lists.
    ...(now.state?.connected === false ? [] : missingIn(now).map(load)),
    (cleaning ?? Promise.resolve()).then(() => (now.linkRules || hadRules ? get().utmActions.applyRules() : undefined)),
  ]);
}
