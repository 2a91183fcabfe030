/**
 * The state of the options page: connection (never the key), account, every list and the
 * preferences. A store made per page (like the popup's), fed only by messages to the worker
 * (`ask`); components read it with selector hooks and call its actions. Failures are kept as
 * the worker's error data and shown as text.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ask as askWorker, type ConnectionInfo, type ListItems, type Mutation } from '@/lib/messaging';
import type { Account, ChannelItem, ListName, QrDetail, SerializedApiError } from '@/lib/api';
import type { Settings } from '@/lib/storage';
import { createTimers, type LoadState } from '../store';
import { toApiError } from '../../api/errors';
import { t } from '../../i18n';
import { idleLinkRules, linkRulesSlice, type LinkRulesActions, type LinkRulesState } from './linkRules';

/** A failure that is the whole page's, not one list's (the service cannot be reached): said once, in the connection box. */
export function isPageWide(err: SerializedApiError | null | undefined): boolean {
  return err?.kind === 'network' || err?.kind === 'timeout';
}

/** The page-wide failure of the account or of any list, if there is one (the first met). */
export function pageWideError(s: Pick<OptionsData, 'account' | 'lists'>): SerializedApiError | null {
  const errors = [s.account.error, ...LIST_NAMES.map((name) => s.lists[name].error)];
  return errors.find(isPageWide) ?? null;
}

/** A list as the page knows it: `items` is null until the first answer. */
export interface ListState<T> {
  state: LoadState;
  items: T[] | null;
  error: SerializedApiError | null;
  /** When the worker fetched it from the service (ms), if it said. */
  fetchedAt: number | null;
  /** The worker answered from an old cache and is refreshing it. */
  stale: boolean;
}

/** A list nobody has asked for yet. */
export function idleList<T>(): ListState<T> {
  return { state: 'idle', items: null, error: null, fetchedAt: null, stale: false };
}

/** Whether a request for it is under way. */
export const isLoading = (s: { state: LoadState }): boolean => s.state === 'loading';

export type Lists = { [N in ListName]: ListState<ListItems[N]> };

export const LIST_NAMES: readonly ListName[] = ['channels', 'pixels', 'domains', 'campaigns', 'qrs', 'overlays', 'splash'];

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
}

export interface OptionsActions extends LinkRulesActions {
  /** Reads connection and preferences, then loads everything when connected (once per store). */
  start(): Promise<void>;
  /** Stops the timers (the page closes or unmounts). */
  dispose(): void;
  /** Saves and verifies the connection (the page asked for host permission before). Rejects with the error data. */
  saveConnection(serviceUrl: string, apiKey?: string): Promise<Account>;
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
  staleRecheckMs: number;
  staleRechecks: number;
  /** How often the worker is asked, while a change is under way, whether it waits for the rate limit. */
  rateWaitPollMs: number;
}

export const defaultOptionsDeps: OptionsDeps = { ask: askWorker, staleRecheckMs: 2000, staleRechecks: 5, rateWaitPollMs: 1000 };

/** A wait shorter than this is not announced (a change that leaves in a moment is not "waiting"). */
const ANNOUNCED_WAIT_MS = 1500;

const emptyAccount = (): AccountState => ({ state: 'idle', value: null, error: null });

function emptyLists(): Lists {
  return {
    channels: idleList(),
    pixels: idleList(),
    domains: idleList(),
    campaigns: idleList(),
    qrs: idleList(),
    overlays: idleList(),
    splash: idleList(),
  };
}

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
  };
}

/** Creates the options page's store around its outside world. */
export function createOptionsStore(deps: OptionsDeps = defaultOptionsDeps): OptionsStore {
  // Answers of an older connection (or an older request of the same list) are ignored.
  let generation = 0;
  let started: Promise<void> | null = null;
  const listSeq: Partial<Record<ListName, number>> = {};
  const timers = createTimers();
  let changesUnderWay = 0;
  let stopWatch: (() => void) | null = null;

  return createStore<OptionsState>()((set, get) => {
    const setList = <N extends ListName>(name: N, patch: Partial<ListState<ListItems[N]>>) =>
      set((s) => ({ lists: { ...s.lists, [name]: { ...s.lists[name], ...patch } } }));

    const loadAll = () => {
      void get().loadAccount();
      for (const name of LIST_NAMES) void get().loadList(name);
      void get().loadLinkRules();
    };

    // Rechecks already set find their generation gone and do nothing.
    const dropAccountData = () => {
      generation++;
      set((s) => ({ account: emptyAccount(), lists: emptyLists(), linkRules: idleLinkRules(), epoch: s.epoch + 1 }));
    };

    /** Asks whether the changes under way wait for the rate limit, and until when. */
    const checkRateWait = async () => {
      const sendAt = await deps.ask('changeSendAt').catch(() => null);
      if (changesUnderWay === 0) return;
      set({ rateWaitUntil: sendAt !== null && sendAt - Date.now() > ANNOUNCED_WAIT_MS ? sendAt : null });
    };

    /** Follows a change: while one is under way the page knows whether it waits for the rate limit. */
    const watchChange = async <T,>(change: () => Promise<T>): Promise<T> => {
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

    async function loadListAttempt(name: ListName, refresh: boolean, recheck: number): Promise<void> {
      const gen = generation;
      const seq = (listSeq[name] = (listSeq[name] ?? 0) + 1);
      const current = () => gen === generation && seq === listSeq[name];
      setList(name, { state: 'loading', error: null });
      try {
        const res = await deps.ask('getList', { name, refresh });
        if (!current()) return;
        setList(name, {
          state: 'ready',
          items: Array.isArray(res.value) ? res.value : [],
          error: null,
          fetchedAt: res.fetchedAt,
          stale: res.stale,
        });
        if (res.stale && recheck < deps.staleRechecks) {
          timers.later(() => current() && void loadListAttempt(name, false, recheck + 1), deps.staleRecheckMs);
        }
      } catch (err) {
        if (!current()) return;
        setList(name, { state: 'error', error: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() });
      }
    }

    return {
      ...initialData(),
      ...linkRulesSlice(deps.ask as never, set, () => ((gen) => () => gen === generation)(generation)),

      start() {
        timers.revive();
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
            if (connection.connected) loadAll();
          } catch (err) {
            set({ startError: toApiError(err, t('optionsWorkerNoAnswer')).toJSON(), ready: true });
          }
        })();
        return started;
      },

      dispose() {
        timers.dispose();
      },

      async saveConnection(serviceUrl, apiKey) {
        const res = await deps.ask('saveConnection', apiKey ? { serviceUrl, apiKey } : { serviceUrl });
        dropAccountData();
        set({ connection: res.connection, account: { state: 'ready', value: res.account, error: null }, startError: null });
        for (const name of LIST_NAMES) void get().loadList(name);
        void get().loadLinkRules();
        return res.account;
      },

      async forgetKey() {
        const connection = await deps.ask('forgetKey');
        dropAccountData();
        set({ connection });
      },

      async loadAccount(refresh = false) {
        const gen = generation;
        set((s) => ({ account: { ...s.account, state: 'loading', error: null } }));
        try {
          const res = await deps.ask('getAccount', { refresh });
          if (gen !== generation) return;
          set({ account: { state: 'ready', value: res.value, error: null } });
        } catch (err) {
          if (gen !== generation) return;
          set((s) => ({ account: { ...s.account, state: 'error', error: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() } }));
        }
      },

      loadList: (name, refresh = false) => loadListAttempt(name, refresh, 0),

      async mutate(m, touched) {
        const result = await watchChange(() => deps.ask('mutate', m));
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
