/**
 * The state of the options page: connection (never the key), account, every list and the
 * preferences. Fed only by messages to the worker (`ask`); components read it and call
 * its actions. Failures are kept as the worker's error data and shown as text.
 */
import { create } from 'zustand';
import { ask, type ConnectionInfo, type ListItems, type Mutation } from '@/lib/messaging';
import type { Account, ChannelItem, ListName, QrDetail, SerializedApiError } from '@/lib/api';
import type { Settings } from '@/lib/storage';
import { toApiError } from '../api/errors';
import { t } from '../i18n';

/** One list as the page knows it: `items` is null until the first answer. */
export interface ListState<T> {
  items: T[] | null;
  loading: boolean;
  error: SerializedApiError | null;
  fetchedAt: number | null;
  stale: boolean;
}

export type Lists = { [N in ListName]: ListState<ListItems[N]> };

export const LIST_NAMES: readonly ListName[] = ['channels', 'pixels', 'domains', 'campaigns', 'qrs', 'overlays', 'splash'];

/** What a mutation reloads afterwards. */
export type Touched = ListName | 'account';

export interface OptionsData {
  /** false until the connection and the preferences have been read once. */
  ready: boolean;
  startError: SerializedApiError | null;
  connection: ConnectionInfo | null;
  account: { value: Account | null; loading: boolean; error: SerializedApiError | null };
  lists: Lists;
  settings: Settings | null;
  settingsError: SerializedApiError | null;
}

export interface OptionsActions {
  /** Reads connection and preferences, then loads everything when connected. */
  start(): Promise<void>;
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

const emptyList = <T>(): ListState<T> => ({ items: null, loading: false, error: null, fetchedAt: null, stale: false });

function emptyLists(): Lists {
  return {
    channels: emptyList(),
    pixels: emptyList(),
    domains: emptyList(),
    campaigns: emptyList(),
    qrs: emptyList(),
    overlays: emptyList(),
    splash: emptyList(),
  };
}

function initialData(): OptionsData {
  return {
    ready: false,
    startError: null,
    connection: null,
    account: { value: null, loading: false, error: null },
    lists: emptyLists(),
    settings: null,
    settingsError: null,
  };
}

/** When a cached list is stale the worker refreshes it in the background: ask again a few times. */
const STALE_RECHECK_MS = 2000;
const STALE_RECHECKS = 5;

// Answers of an older connection (or an older request of the same list) are ignored.
let generation = 0;
let started: Promise<void> | null = null;
const listSeq: Partial<Record<ListName, number>> = {};
const timers = new Set<ReturnType<typeof setTimeout>>();

export const useOptionsStore = create<OptionsState>()((set, get) => {
  const setList = <N extends ListName>(name: N, patch: Partial<ListState<ListItems[N]>>) =>
    set((s) => ({ lists: { ...s.lists, [name]: { ...s.lists[name], ...patch } } }));

  const loadAll = () => {
    void get().loadAccount();
    for (const name of LIST_NAMES) void get().loadList(name);
  };

  const dropAccountData = () => {
    generation++;
    for (const t of timers) clearTimeout(t);
    timers.clear();
    set({ account: { value: null, loading: false, error: null }, lists: emptyLists() });
  };

  async function loadListAttempt(name: ListName, refresh: boolean, recheck: number): Promise<void> {
    const gen = generation;
    const seq = (listSeq[name] = (listSeq[name] ?? 0) + 1);
    setList(name, { loading: true, error: null });
    try {
      const res = await ask('getList', { name, refresh });
      if (gen !== generation || seq !== listSeq[name]) return;
      setList(name, {
        items: Array.isArray(res.value) ? (res.value as never[]) : [],
        loading: false,
        error: null,
        fetchedAt: res.fetchedAt,
        stale: res.stale,
      });
      if (res.stale && recheck < STALE_RECHECKS) {
        const t = setTimeout(() => {
          timers.delete(t);
          if (gen === generation && seq === listSeq[name]) void loadListAttempt(name, false, recheck + 1);
        }, STALE_RECHECK_MS);
        timers.add(t);
      }
    } catch (err) {
      if (gen !== generation || seq !== listSeq[name]) return;
      setList(name, { loading: false, error: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() });
    }
  }

  return {
    ...initialData(),

    start() {
      started ??= (async () => {
        try {
          const [connection, settings] = await Promise.all([
            ask('getConnection'),
            ask('getSettings').catch((err: unknown) => {
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

    async saveConnection(serviceUrl, apiKey) {
      const res = await ask('saveConnection', apiKey ? { serviceUrl, apiKey } : { serviceUrl });
      dropAccountData();
      set({ connection: res.connection, account: { value: res.account, loading: false, error: null }, startError: null });
      for (const name of LIST_NAMES) void get().loadList(name);
      return res.account;
    },

    async forgetKey() {
      const connection = await ask('forgetKey');
      dropAccountData();
      set({ connection });
    },

    async loadAccount(refresh = false) {
      const gen = generation;
      set((s) => ({ account: { ...s.account, loading: true, error: null } }));
      try {
        const res = await ask('getAccount', { refresh });
        if (gen !== generation) return;
        set({ account: { value: res.value, loading: false, error: null } });
      } catch (err) {
        if (gen !== generation) return;
        set((s) => ({ account: { ...s.account, loading: false, error: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() } }));
      }
    },

    loadList: (name, refresh = false) => loadListAttempt(name, refresh, 0),

    async mutate(m, touched) {
      const result = await ask('mutate', m);
      // The worker refreshed the touched list before answering: its cache is current.
      if (touched === 'account') await get().loadAccount();
      else await get().loadList(touched);
      return result;
    },

    channelItems: (channelId) => ask('getChannelItems', { channelId }),
    qrDetail: (id) => ask('getQr', { id }),

    async saveSettings(patch) {
      const settings = await ask('saveSettings', patch);
      set({ settings, settingsError: null });
      return settings;
    },

    async clearHistory() {
      await ask('clearHistory');
    },

    async clearCache() {
      await ask('clearCache');
    },
  };
});

/** Back to the first state (tests; a fresh page). */
export function resetOptionsStore(): void {
  generation++;
  started = null;
  for (const t of timers) clearTimeout(t);
  timers.clear();
  for (const k of Object.keys(listSeq)) delete listSeq[k as ListName];
  useOptionsStore.setState(initialData());
}
