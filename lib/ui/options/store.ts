/**
 * The state of the options page: connection (never the key), account, every list and the
 * preferences. A store made per page (like the popup's), fed only by messages to the worker
 * (`ask`); components read it with selector hooks and call its actions. Failures are kept as
 * the worker's error data and shown as text.
 */
import { createStore } from 'zustand/vanilla';
import { ask as askWorker, type Cached, type ConnectionInfo, type ListItems } from '@/lib/messaging';
import type { Account, ListName } from '@/lib/api';
import { createTimers } from '@/lib/ui/store';
import { cachedLoader, type LoadStep } from '@/lib/ui/cachedLoader';
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { idleLinkRules, linkRulesSlice } from './linkRules';
import { connectionsSlice, idleConnections } from './connections';
import { emptyLists, isLoading, LIST_NAMES, type ListState } from './lists';
import { watchListsArriving } from './arriving';
import { onShownAccount, watchCurrentAccount } from './shownAccount';
import { watchConventions } from '@/lib/ui/watchConventions';
import { rateWaitWatcher } from './rateWait';
import type { AccountState, OptionsData, OptionsDeps, OptionsState, OptionsStore, Touched } from './state';

export { idleList, isLoading, isPageWide, pageWideError, type ListState } from './lists';
export type { OptionsState, OptionsStore, Touched } from './state';

export const defaultOptionsDeps: OptionsDeps = {
  ask: askWorker,
  watchAccount: watchCurrentAccount,
  watchConventions,
  watchArriving: watchListsArriving,
  staleRecheckMs: 2000,
  staleRechecks: 5,
  rateWaitPollMs: 1000,
};

const emptyAccount = (): AccountState => ({ state: 'idle', value: null, error: null });

function initialData(): OptionsData {
  return {
    ready: false,
    startError: null,
    connection: null,
    rateWaitUntil: null,
    epoch: 0,
    account: emptyAccount(),
    lists: emptyLists(),
    settings: null,
    settingsError: null,
    linkRules: idleLinkRules(),
    connections: idleConnections(),
  };
}

/** Creates the options page's store around its outside world. */
export function createOptionsStore(deps: OptionsDeps = defaultOptionsDeps): OptionsStore {
  // Answers of an older connection (or an older request of the same list) are ignored.
  let generation = 0;
  let started: Promise<void> | null = null;
  const timers = createTimers();
  let stopAccountWatch: (() => void) | null = null;
  let stopRulesWatch: (() => void) | null = null;
  let stopArriving: (() => void) | null = null;

  return createStore<OptionsState>()((set, get) => {
    const setList = <N extends ListName>(name: N, patch: Partial<ListState<ListItems[N]>>) =>
      set((s) => ({ lists: { ...s.lists, [name]: { ...s.lists[name], ...patch } } }));

    // Rechecks already set find their generation gone and do nothing.
    const dropAccountData = () => {
      generation++;
      set((s) => ({ account: emptyAccount(), lists: emptyLists(), linkRules: idleLinkRules(), epoch: s.epoch + 1 }));
    };

    /** Loads the account (unless given), every list and the presets and rules. */
    const loadAll = (account?: Account) => {
      if (!account) void get().loadAccount();
      for (const name of LIST_NAMES) void get().loadList(name);
      void get().loadLinkRules();
    };

    /** Another account is current (or none): a clean page, then its account, lists and choices (docs/ARCHITECTURE.md, "Several connections on the options page"). */
    const enter = (connection: ConnectionInfo, account?: Account) => {
      dropAccountData();
      set({ connection, startError: null, ...(account && { account: { state: 'ready' as const, value: account, error: null } }) });
      if (!connection.connected) return;
      loadAll(account);
      // The domain, campaign and channel choices are the account's own.
      deps.ask('getSettings').then(
        (settings) => set({ settings, settingsError: null }),
        () => undefined,
      );
    };

    /** The account the page shows, named in its changes. */
    const shown = () => (get().connection?.fingerprint ? { account: get().connection!.fingerprint } : {});
    /** Enters the current account when another window switched (no-op when it is the one shown). */
    const reenter = (fingerprint?: string | null) => {
      if (fingerprint !== undefined && fingerprint === (get().connection?.fingerprint ?? null)) return;
      void deps.ask('getConnection').then(
        (c) => c.fingerprint !== get().connection?.fingerprint && enter(c),
        () => undefined,
      );
    };
    const shownChange = <T>(change: () => Promise<T>) => onShownAccount(change, () => reenter());

    /** Follows a change: while one is under way the page knows whether it waits for the rate limit. */
    const watchChange = rateWaitWatcher(deps, timers, (rateWaitUntil) => set({ rateWaitUntil }));

    const failed = (error: unknown) => toApiError(error, t('optionsWorkerNoAnswer')).toJSON();
    /** Shows one step of the account's or a list's load (a recheck shows as loading, its items kept). */
    const put = (key: Touched, step: LoadStep<Cached<unknown>>) => {
      if (key === 'account') {
        if (step.state === 'ready') set({ account: { state: 'ready', value: step.answer.value as Account, error: null } });
        else set((s) => ({ account: { ...s.account, state: step.state, error: step.state === 'error' ? failed(step.error) : null } }));
      } else if (step.state === 'ready') {
        const { value, fetchedAt, stale } = step.answer;
        setList(key, { state: 'ready', items: Array.isArray(value) ? value : [], error: null, fetchedAt, stale, arriving: null });
      } else
        setList(key, {
          state: step.state,
          error: step.state === 'error' ? failed(step.error) : null,
          ...(step.state === 'error' ? { arriving: null } : {}),
        });
    };
    const listSource = (name: ListName) => (refresh: boolean) => deps.ask('getList', { name, refresh }) as Promise<Cached<unknown>>;
    /** The account and every list, through the pages' one loader; answers of an older connection (generation) are dropped. */
    const load = cachedLoader<Touched, Cached<unknown>>({
      sources: {
        account: (refresh) => deps.ask('getAccount', { refresh }),
        ...(Object.fromEntries(LIST_NAMES.map((name) => [name, listSource(name)])) as Record<ListName, ReturnType<typeof listSource>>),
      },
      timers,
      put,
      shownAccount: () => generation,
      rechecks: deps.staleRechecks,
      recheckMs: deps.staleRecheckMs,
    });

    return {
      ...initialData(),
      ...linkRulesSlice(
        ((type: 'getLinkRules' | 'saveLinkRules', data?: object) =>
          type === 'saveLinkRules'
            ? shownChange(() => deps.ask('saveLinkRules', { ...data, ...shown() }))
            : deps.ask('getLinkRules')) as never,
        set,
        () =>
          (
            (gen) => () =>
              gen === generation
          )(generation),
      ),
      ...connectionsSlice({ ask: deps.ask, get, set, enter }),

      start() {
        timers.revive();
        // Another window switched, added or forgot an account: the page enters the current one and
        // its list of connections says which is current now.
        stopAccountWatch ??=
          deps.watchAccount?.((fp) => {
            if (!get().ready) return;
            reenter(fp);
            void get().loadConnections();
          }) ?? null;
        stopRulesWatch ??= deps.watchConventions?.(() => void (get().linkRules.state === 'ready' && get().refreshLinkRules())) ?? null;
        // A long list first loaded: its beginning is shown as it comes (never over a list already shown).
        stopArriving ??=
          deps.watchArriving?.(({ name, account, items, total }) => {
            const s = get();
            if (
              Object.hasOwn(s.lists, name) &&
              account === s.connection?.fingerprint &&
              isLoading(s.lists[name]) &&
              s.lists[name].items === null
            )
              setList(name, { arriving: { items, total } });
          }) ?? null;
        started ??= (async () => {
          try {
            const [connection, settings] = await Promise.all([
              deps.ask('getConnection'),
              deps.ask('getSettings').catch((err: unknown) => {
                set({ settingsError: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() });
                return null;
              }),
            ]);
            set({ connection, settings, ready: true });
            void get().loadConnections();
            if (connection.connected) loadAll();
          } catch (err) {
            set({ startError: toApiError(err, t('optionsWorkerNoAnswer')).toJSON(), ready: true });
          }
        })();
        return started;
      },

      dispose() {
        timers.dispose();
        stopAccountWatch?.();
        stopAccountWatch = null;
        stopRulesWatch?.();
        stopRulesWatch = null;
        stopArriving?.();
        stopArriving = null;
      },

      async saveConnection(serviceUrl, apiKey, name) {
        const res = await deps.ask('saveConnection', { serviceUrl, ...(apiKey && { apiKey }), ...(name !== undefined && { name }) });
        enter(res.connection, res.account);
        void get().loadConnections();
        return res.account;
      },

      async forgetKey() {
        enter(await deps.ask('forgetKey'));
        void get().loadConnections();
      },

      loadAccount: (refresh = false) => load('account', refresh),

      loadList: (name, refresh = false) => load(name, refresh),

      async mutate(m, touched) {
        const result = await watchChange(() => shownChange(() => deps.ask('mutate', { ...m, ...shown() })));
        // The worker refreshed the touched list before answering: its cache is current.
        if (touched === 'account') await get().loadAccount();
        else await get().loadList(touched);
        return result;
      },

      channelItems: (channelId) => deps.ask('getChannelItems', { channelId }),
      qrDetail: (id) => deps.ask('getQr', { id }),

      async saveSettings(patch) {
        const settings = await deps.ask('saveSettings', patch);
        set({ settings, settingsError: null });
        return settings;
      },

      async clearHistory() {
        await deps.ask('clearHistory');
      },

      async clearCache() {
        await deps.ask('clearCache');
      },
    };
  });
}
