/**
 * The state of the options page: connection (never the key), account, every list and the
 * preferences. A store made per page (like the popup's), fed only by messages to the worker
 * (`ask`); components read it with selector hooks and call its actions. Failures are kept as
 * the worker's error data and shown as text.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ask as askWorker, type Cached, type ConnectionInfo, type ListItems, type Mutation } from '@/lib/messaging';
import type { Account, ChannelItem, ListName, QrDetail, SerializedApiError } from '@/lib/api';
import type { Settings } from '@/lib/storage';
import { createTimers, type LoadState } from '@/lib/ui/store';
import { cachedLoader, type LoadStep } from '@/lib/ui/cachedLoader';
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import { idleLinkRules, linkRulesSlice, type LinkRulesActions, type LinkRulesState } from './linkRules';
import { connectionsSlice, idleConnections, type ConnectionsActions, type ConnectionsState } from './connections';
import { emptyLists, LIST_NAMES, type Lists, type ListState } from './lists';
import { onShownAccount, watchCurrentAccount } from './shownAccount';
import { watchConventions } from '@/lib/ui/watchConventions';

export { idleList, isLoading, isPageWide, pageWideError, type Lists, type ListState } from './lists';

/** What a mutation reloads afterwards. */
export type Touched = ListName | 'account';

/** The account as the page knows it. */
export interface AccountState {
  state: LoadState;
  value: Account | null;
  error: SerializedApiError | null;
}

export interface OptionsData {
  /** false until the connection and the preferences have been read once. */
  ready: boolean;
  startError: SerializedApiError | null;
  connection: ConnectionInfo | null;
  /** While a change waits for the spent main rate budget: when it will be sent (else null). */
  rateWaitUntil: number | null;
  /** Counts the connections saved or forgotten on this page: a new one starts a clean page. */
  epoch: number;
  account: AccountState;
  lists: Lists;
  settings: Settings | null;
  settingsError: SerializedApiError | null;
  linkRules: LinkRulesState;
  connections: ConnectionsState;
}

export interface OptionsActions extends LinkRulesActions, ConnectionsActions {
  /** Reads connection and preferences, then loads everything when connected (once per store). */
  start(): Promise<void>;
  /** Stops the timers (the page closes or unmounts). */
  dispose(): void;
  /** Saves and verifies the connection (the page asked for host permission before); `name` '' = none. Rejects with the error data. */
  saveConnection(serviceUrl: string, apiKey?: string, name?: string): Promise<Account>;
  /** Forgets the saved key; the account's data leaves the page. */
  forgetKey(): Promise<void>;
  loadAccount(refresh?: boolean): Promise<void>;
  loadList(name: ListName, refresh?: boolean): Promise<void>;
  /** Runs a change through the worker, then reloads what it touched. Rejects with the error data. */
  mutate(m: Mutation, touched: Touched): Promise<unknown>;
  channelItems(channelId: number): Promise<ChannelItem[]>;
  qrDetail(id: number): Promise<QrDetail>;
  saveSettings(patch: Partial<Settings>): Promise<Settings>;
  clearHistory(): Promise<void>;
  clearCache(): Promise<void>;
}

export type OptionsState = OptionsData & OptionsActions;
export type OptionsStore = StoreApi<OptionsState>;

/** The outside world of the options page: the worker, and how long before a stale list is asked for again. */
export interface OptionsDeps {
  ask: typeof askWorker;
  /** Hears the current account change in another window (storage); returns the stop. */
  watchAccount?: (onChange: (fingerprint: string | null) => void) => () => void;
  /** Hears presets and rules change in storage (synced from another browser); returns the stop. */
  watchConventions?: (onChange: () => void) => () => void;
  staleRecheckMs: number;
  staleRechecks: number;
  /** How often the worker is asked, while a change is under way, whether it waits for the rate limit. */
  rateWaitPollMs: number;
}

export const defaultOptionsDeps: OptionsDeps = {
  ask: askWorker,
  watchAccount: watchCurrentAccount,
  watchConventions,
  staleRecheckMs: 2000,
  staleRechecks: 5,
  rateWaitPollMs: 1000,
};

/** A wait shorter than this is not announced (a change that leaves in a moment is not "waiting"). */
const ANNOUNCED_WAIT_MS = 1500;

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
  let changesUnderWay = 0;
  let stopWatch: (() => void) | null = null;
  let stopAccountWatch: (() => void) | null = null;
  let stopRulesWatch: (() => void) | null = null;

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

    /** Asks whether the changes under way wait for the rate limit, and until when. */
    const checkRateWait = async () => {
      const sendAt = await deps.ask('changeSendAt').catch(() => null);
      if (changesUnderWay === 0) return;
      set({ rateWaitUntil: sendAt !== null && sendAt - Date.now() > ANNOUNCED_WAIT_MS ? sendAt : null });
    };

    /** Follows a change: while one is under way the page knows whether it waits for the rate limit. */
    const watchChange = async <T>(change: () => Promise<T>): Promise<T> => {
      if (changesUnderWay++ === 0) {
        void checkRateWait();
        stopWatch = timers.every(() => void checkRateWait(), deps.rateWaitPollMs);
      }
      try {
        return await change();
      } finally {
        if (--changesUnderWay === 0) {
          stopWatch?.();
          stopWatch = null;
          set({ rateWaitUntil: null });
        }
      }
    };

    const failed = (error: unknown) => toApiError(error, t('optionsWorkerNoAnswer')).toJSON();
    /** Shows one step of the account's or a list's load (a recheck shows as loading, its items kept). */
    const put = (key: Touched, step: LoadStep<Cached<unknown>>) => {
      if (key === 'account') {
        if (step.state === 'ready') set({ account: { state: 'ready', value: step.answer.value as Account, error: null } });
        else set((s) => ({ account: { ...s.account, state: step.state, error: step.state === 'error' ? failed(step.error) : null } }));
      } else if (step.state === 'ready') {
        const { value, fetchedAt, stale } = step.answer;
        setList(key, { state: 'ready', items: Array.isArray(value) ? value : [], error: null, fetchedAt, stale });
      } else setList(key, { state: step.state, error: step.state === 'error' ? failed(step.error) : null });
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
