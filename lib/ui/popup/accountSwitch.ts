/**
 * Choosing another account in the popup's "Account": the action init.ts puts in the store with
 * the select's data (so the popup's first script carries not even its name; docs/ARCHITECTURE.md,
 * "The Account select"). The worker switches; the popup then shows that account through
 * account.ts, the path it takes when the connection changed since its snapshot.
 */
import { ask } from './ask';
import { accountSwitched, cachedValues, reread, showAccount, unread } from './account';
import { headLinks } from './recentHead';
import { readHead } from './firstReads';
import type { SliceKit } from './store';

/** The popup's switchAccount: makes a saved connection the current one and shows its lists, choices, rules and Recent links. */
export function accountSwitcher(kit: SliceKit): (fingerprint: string) => Promise<void> {
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
    accountSwitched(); // answers still coming for the other account are dropped
    // The other account's link, its offer and its words go (a followed waiting link stays, named);
    // Recent links are this account's newest from the stored head until the worker answers.
    const head = headLinks(await readHead().catch(() => null), fingerprint);
    const recent = head ? { state: 'ready' as const, items: head.items, partial: !head.complete } : { state: 'loading' as const, items: [], partial: false };
    set({ shown: null, duplicate: null, error: null, recent: { ...get().recent, ...recent, confirmingId: null, failure: null }, ...(get().queued ? {} : { status: '' }) });
    // The worker has swapped the cache and the remembered choices and written the state: what
    // the popup does after its snapshot, with the snapshot read again (unread: all asked).
    const now = await reread().catch(() => unread({ connected: true, fingerprint, accounts: s.accounts!.list }));
    await Promise.all([showAccount(kit, now, cachedValues(kit)), get().loadHistory(), get().loadWaiting()]).catch(() => undefined);
    done(null);
  };
}
