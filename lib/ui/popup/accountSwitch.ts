/**
 * Choosing another account in the popup's "Account": the action init.ts puts in the store with
 * the select's data (so the popup's first script carries not even its name; docs/ARCHITECTURE.md,
 * "The Account select"). The worker switches; the popup then shows that account through
 * account.ts, the path it takes when the connection changed since its snapshot. A popup left open
 * follows the current account when another window changes it (followCurrentAccount, told by the worker).
 */
import { ask } from './ask';
import { accountNames, accountSwitched, cachedValues, reread, showAccount, unread } from './accountShow';
import type { AccountName } from '@/lib/storage';
import { fromHead, headLinks } from './recentHead';
import { readHead } from './firstReads';
import type { PopupKit } from './state';
import { onStoredChange } from './storedChanges';
import { loadHistoryUnlessDrawn } from './recentActions';

/** The popup's switchAccount: makes a saved connection the current one and shows its lists, choices, rules and Recent links. */
export function accountSwitcher(kit: PopupKit): (fingerprint: string) => Promise<void> {
  const { set, get } = kit;
  return async (fingerprint) => {
    const s = get();
    if (!s.accounts || s.busy || fingerprint === s.accounts.current) return;
    // Until the other account is shown, nothing is made with either (the form is not submittable).
    set({ busy: true, accounts: { ...s.accounts, switchingTo: fingerprint, error: null } });
    const done = (error: unknown) => set({ busy: false, accounts: { ...get().accounts!, switchingTo: null, error } });
    try {
      await ask('switchConnection', { fingerprint });
    } catch (e) {
      return done(e); // the select goes back to the account still current, and says why
    }
    // The other account's link, its offer and its words go (a followed waiting link stays, named).
    set({ shown: null, duplicate: null, error: null, ...(get().queued ? {} : { status: '' }) });
    await enterAccount(kit, fingerprint, s.accounts.list);
    done(null);
  };
}

/**
 * Shows the account the worker has made current (this popup's choice or another window's): its
 * Recent links from the stored head until the worker answers, its lists, choices and rules.
 */
async function enterAccount(kit: PopupKit, fingerprint: string | null, list: AccountName[]): Promise<void> {
  const { set, get } = kit;
  accountSwitched(); // answers still coming for the other account are dropped
  const head = headLinks(await readHead().catch(() => null), fingerprint);
  const recent = head ? fromHead(head) : { state: 'loading' as const, items: [], partial: false };
  set({ recent: { ...get().recent, ...recent, confirmingId: null, failure: null } });
  // The worker has swapped the cache and the remembered choices and written the state: what
  // the popup does after its snapshot, with the snapshot read again (unread: all asked).
  const now = await reread().catch(() => unread({ connected: fingerprint !== null, fingerprint, accounts: list }));
  await Promise.all([showAccount(kit, now, cachedValues(kit)), loadHistoryUnlessDrawn(kit), get().waitingActions.loadWaiting()]).catch(
    () => undefined,
  );
}

/**
 * Follows the current account while the popup is open: another window (the options page, another
 * popup) that switches, adds or forgets an account changes what this popup shows and offers; what
 * it shows of the old one (a link, a sentence) stays. Returns the stop.
 */
export function followCurrentAccount(kit: PopupKit): () => void {
  const { set, get, timers } = kit;
  return onStoredChange((changes) => {
    if (!('connectionState' in changes)) return;
    if (timers.disposed) return; // a page that let go of its store (it may mount it again: strict mode)
    const accounts = get().accounts;
    if (!accounts || accounts.switchingTo) return; // this popup's own switch shows it
    const next = changes.connectionState as { fingerprint?: unknown; accounts?: unknown } | undefined;
    const fingerprint = typeof next?.fingerprint === 'string' ? next.fingerprint : null;
    const list = accountNames(next?.accounts);
    if (fingerprint === accounts.current) set({ accounts: { ...accounts, list } });
    else void enterAccount(kit, fingerprint, list);
  });
}
