/**
 * The popup's loaders. Before the first render, `prime` reads the tab's address and, in one
 * storage call, what the cache already answers (connection state, preferences, account, domains,
 * campaigns, channels). After the first paint, `init` loads init.ts, which asks the worker
 * for the rest.
 */
import { loadAsk } from './ask';
import { withRemembered } from '@/lib/ui/choices';
import { CACHED_KEYS, EMPTY_SNAPSHOT, snapshotOf, type PopupSnapshot } from './snapshot';
import { startFirstReads, type FirstReads, type PopupPage } from './firstReads';
import { fromHead, headLinks } from './recentHead';
import type { LoaderActions, PopupKit, PopupState } from './state';
import { openEarlyPort } from './earlyPort';

/** The loaders slice: prime, init, dispose. */
export function loadersSlice(kit: PopupKit): LoaderActions {
  const { set, get, timers } = kit;
  let started = false;
  let primed: Promise<PopupSnapshot> | null = null;
  let head: Promise<unknown> = Promise.resolve(null);

  /** Shows what storage answered, in one update. */
  const apply = (snap: PopupSnapshot, { url, title, incognito }: PopupPage) => {
    const s = get();
    const patch: Partial<PopupState> = {
      tabUrl: url,
      tabTitle: title,
      incognito,
      form: s.form.urlEdited ? s.form : { ...s.form, url: url ?? '' },
    };
    if (snap.state) patch.connection = snap.state.connected ? 'connected' : 'disconnected';
    if (snap.settings) Object.assign(patch, { settings: snap.settings, copyFormat: snap.settings.copyFormat ?? 'link' });
    if (snap.linkRules) patch.linkRulesRaw = snap.linkRules;
    for (const key of CACHED_KEYS) {
      const cached = snap[key];
      if (cached) Object.assign(patch, { [key]: { state: 'ready', value: cached.value } });
    }
    // The remembered choices (no site rule applies yet: its code and its check come after the first paint).
    const form = withRemembered({ ...s, ...patch });
    set(form ? { ...patch, form } : patch);
  };

  const prime = (reads?: FirstReads) => {
    if (primed) return primed;
    const { items, page, head: stored } = reads ?? startFirstReads();
    head = stored;
    return (primed = Promise.all([
      items.then((raw) => snapshotOf(raw, Date.now())).catch(() => EMPTY_SNAPSHOT),
      page.catch((): PopupPage => ({ url: null, title: null, incognito: false })),
    ]).then(([snap, tab]) => {
      // A cache that lacks what the form shows: the worker is woken now, to load it while the popup
      // draws itself. A warm one waits for the first paint (starting a worker would slow the open).
      if (snap.state?.connected !== false && CACHED_KEYS.some((k) => !snap[k] || snap[k].stale)) openEarlyPort();
      apply(snap, tab);
      return snap;
    }));
  };

  return {
    async prime(reads) {
      await prime(reads);
    },

    async init() {
      timers.revive();
      if (started) return;
      started = true;
      const snap = await prime();
      // Recent links from their stored head (read with the first reads), drawn now without their
      // buttons (RecentPreview.tsx): the code that draws them whole comes in the later chunk.
      const headShown = head
        .then((raw) => {
          const shown = get().recent.state === 'loading' ? headLinks(raw, snap.state?.fingerprint) : null;
          if (shown) set({ recent: { ...get().recent, ...fromHead(shown) } });
        })
        .catch(() => undefined);
      // Asking the worker is not part of the first render: its code loads after it, with the
      // actions its answers call (the form's, Recent links', the waiting links').
      const loaded = await Promise.all([
        import('./init'),
        loadAsk(),
        import('./formActions'),
        import('./recentActions'),
        import('./waitingActions'),
      ]).catch(() => null);
      // Closed meanwhile (a later init, after a remount, asks), or the extension's files could
      // not be read (an update replaced them): the form keeps what storage gave it.
      if (!loaded || timers.disposed) {
        started = false;
        return;
      }
      await loaded[0].askWorker(kit, snap, headShown);
    },

    dispose() {
      timers.dispose();
    },
  };
}
