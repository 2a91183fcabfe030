/**
 * The popup's loaders. Before the first render, `prime` reads the tab's address and, in one
 * storage call, what the cache already answers (connection state, preferences, account, domains,
 * campaigns, channels). After the first paint, `init` loads init.ts, which asks the worker
 * for the rest.
 */
import { loadAsk } from './ask';
import { withRemembered } from '../choices';
import { ruledChoices } from './data';
import { CACHED_KEYS, EMPTY_SNAPSHOT, readSnapshot, snapshotOf, type PopupSnapshot } from './snapshot';
import { startFirstReads, type FirstReads, type PopupPage } from './firstReads';
import type { LoaderActions, PopupData, SliceKit } from './store';

/** The loaders slice: prime, init, dispose, remembered choices. */
export function loadersSlice(kit: SliceKit): LoaderActions {
  const { set, get, timers } = kit;
  let started = false;
  let primed: Promise<PopupSnapshot> | null = null;

  /** Shows what storage answered, in one update. */
  const apply = (snap: PopupSnapshot, { url, title, incognito }: PopupPage) => {
    const s = get();
    const patch: Partial<PopupData> = { tabUrl: url, tabTitle: title, incognito, form: s.form.urlEdited ? s.form : { ...s.form, url: url ?? '' } };
    if (snap.state) patch.connection = snap.state.connected ? 'connected' : 'disconnected';
    if (snap.settings) Object.assign(patch, { settings: snap.settings, copyFormat: snap.settings.copyFormat ?? 'link' });
    if (snap.linkRules) patch.linkRulesRaw = snap.linkRules;
    for (const key of CACHED_KEYS) {
      const cached = snap[key];
      if (cached) Object.assign(patch, { [key]: { state: 'ready', value: cached.value } });
    }
    set(patch);
    get().applyRemembered();
  };

  const prime = (reads?: FirstReads) => {
    if (primed) return primed;
    const { items, page } = reads ?? startFirstReads();
    return (primed = Promise.all([
      items.then((raw) => snapshotOf(raw, Date.now())).catch(() => EMPTY_SNAPSHOT),
      page.catch((): PopupPage => ({ url: null, title: null, incognito: false })),
    ]).then(([snap, tab]) => {
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
      // Asking the worker is not part of the first render: its code loads after it.
      const loaded = await Promise.all([import('./init'), loadAsk(), import('./waiting')]).catch(() => null);
      // Closed meanwhile (a later init, after a remount, asks), or the extension's files could
      // not be read (an update replaced them): the form keeps what storage gave it.
      if (!loaded || timers.disposed) {
        started = false;
        return;
      }
      await loaded[0].askWorker(kit, snap, () => readSnapshot());
    },

    dispose() {
      timers.dispose();
    },

    applyRemembered() {
      const s = get();
      const form = withRemembered(s);
      if (!form) return;
      if (!s.rule) return set({ form });
      // The site rule's choices over the remembered ones; what it names that is gone falls back.
      const { choices, missing } = ruledChoices(form, s.rule, s.domains, s.campaigns, s.channels);
      const same = missing.length === s.rule.missing.length && missing.every((m, i) => m === s.rule!.missing[i]);
      set({ form: { ...form, ...choices }, ...(same ? {} : { rule: { ...s.rule, missing } }) });
    },

    async applyCleaning() {
      const { settings, tabUrl, form, cleaned } = get();
      if (!settings?.cleanLinks || !tabUrl || form.urlEdited || cleaned) return;
      // Loaded on demand: the cleaner is not part of the popup's first paint.
      const { cleanUrl } = await import('../../links/cleanUrl');
      const out = cleanUrl(tabUrl);
      const now = get();
      if (out.removed.length === 0 || now.form.urlEdited || now.cleaned || now.tabUrl !== tabUrl) return;
      set({ cleaned: { original: tabUrl, url: out.url, removed: out.removed }, form: { ...now.form, url: out.url }, utm: { ...now.utm, base: null } });
      // UTM parameters are added after the cleaning: it never removes them.
      if (Object.values(now.utm.values).some(Boolean)) await get().refreshUtm();
    },
  };
}
