/**
 * The options page's state and actions, and its outside world (OptionsDeps), declared apart from
 * the store that makes them (store.ts), so that its parts name them without importing the store.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ask as askWorker, ConnectionInfo, ListArriving, Mutation } from '@/lib/messaging';
import type { Account, ChannelItem, ListName, QrDetail, SerializedApiError } from '@/lib/api';
import type { Settings } from '@/lib/storage';
import type { LoadState } from '@/lib/ui/store';
import type { LinkRulesActions, LinkRulesState } from './linkRules';
import type { ConnectionsActions, ConnectionsState } from './connections';
import type { Lists } from './lists';

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
  /** Hears the worker tell of a long list still arriving; returns the stop. */
  watchArriving?: (onArriving: (list: ListArriving) => void) => () => void;
  staleRecheckMs: number;
  staleRechecks: number;
  /** How often the worker is asked, while a change is under way, whether it waits for the rate limit. */
  rateWaitPollMs: number;
}
