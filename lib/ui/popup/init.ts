/**
 * What the popup asks the worker once its first render is on screen (loaders.ts's `init` loads
 * this module then): Recent links, the links still being made, the connection, the settings when
 * storage had none, and only those cached values that storage did not answer or that are stale
 * (one loader for them); and it removes tracking parameters from the tab's address, then applies
 * the site rule matching it (utmActions.ts).
 */
import { ask } from './ask';
import type { CachedKey, PopupSnapshot } from './snapshot';
import type { PopupKit } from './state';
import { accountsOf, CACHED_KEYS, cachedValues, missingIn, reread, showAccount } from './accountShow';
import { accountSwitcher, followCurrentAccount } from './accountSwitch';
import { followStoredHead } from './recentFollow';
import { loadHistoryUnlessDrawn } from './recentActions';
import { keepFocus } from '@/lib/ui/focusKeeper';

let keeping = false;
/** Keeps the keyboard's place in the popup (lib/ui/focusKeeper.ts), once per page. */
function startKeepingFocus(): void {
  const root = document.getElementById('root');
  if (keeping || !root) return;
  keeping = true;
  keepFocus(root);
}

/**
 * Asks the worker for what the snapshot `snap` (what storage answered) did not hold or holds
 * stale; Recent links' whole list only if their stored head could not show them (`headShown`: settled
 * once the head was drawn, or found wanting).
 */
export async function askWorker(kit: PopupKit, snap: PopupSnapshot, headShown: Promise<void>): Promise<void> {
  const { set, get } = kit;
  // The Account select is drawn now, from the connection state the snapshot read; its action
  // comes with it (not one of the store's later actions: the first script carries not even its name).
  set({ accounts: accountsOf(snap), switchAccount: accountSwitcher(kit) });
  const load = cachedValues(kit);
  // The site rule and its UTM preset come after the cleaning (so the cleaning never removes them).
  const cleaning = get()
    .formActions.applyCleaning()
    .catch(() => undefined)
    .then(() => (get().linkRulesRaw ? get().utmActions.applyRules() : undefined))
    .catch(() => undefined);
  // A deleted row, a cancelled link or a busy select leaves the keyboard where it was (once, from the later chunk).
  startKeepingFocus();
  // Links made elsewhere while the popup is open join Recent links as the worker stores them.
  followStoredHead(kit);
  // Another window that switches, adds or forgets an account changes what this popup shows.
  followCurrentAccount(kit);
  const asked = new Set<CachedKey>();
  const loadOnce = (key: CachedKey) => (asked.has(key) ? undefined : (asked.add(key), load(key)));
  // Disconnected: the popup shows the way to the options, not the lists.
  const missing = snap.state?.connected === false ? [] : missingIn(snap);
  const connection = ask('getConnection')
    .then(async (c) => {
      set({ connection: c.connected ? 'connected' : 'disconnected' });
      if (!c.connected) return;
      // The worker has written the connection state by now: a cache that was shown for
      // another account (or none) is replaced by that account's (account.ts: the same path as
      // choosing another one in "Account"), and so are the remembered choices and site rules.
      const now = await reread().catch(() => null);
      if (now && now.state?.fingerprint !== get().accounts?.current) await showAccount(kit, now, load, cleaning);
      else if (!snap.state?.connected) await Promise.all(CACHED_KEYS.map(loadOnce));
    })
    .catch(() => undefined); // unknown: the form stays usable, failures will say why
  const settings = snap.settings
    ? undefined
    : ask('getSettings')
        .then(async (value) => {
          set({ settings: value, copyFormat: value.copyFormat ?? 'link' });
          await get().formActions.applyRemembered();
          return get().formActions.applyCleaning();
        })
        .catch(() => undefined);
  // The worker reads every stored item through its schema: what was lost is told once, and
  // preferences it had to repair replace those storage gave the first render.
  const notices = ask('takeStorageNotices')
    .then(async (storageNotices) => {
      set({ storageNotices });
      if (!storageNotices.includes('settings')) return;
      const value = await ask('getSettings');
      set({ settings: value, copyFormat: value.copyFormat });
      get().formActions.applyRemembered();
    })
    .catch(() => undefined);
  // Not at every open: the whole list is 1.6 MB with 5,000 links.
  const whole = headShown.then(() => loadHistoryUnlessDrawn(kit));
  await Promise.all([whole, get().waitingActions.loadWaiting(), connection, settings, cleaning, notices, ...missing.map(loadOnce)]);
}
