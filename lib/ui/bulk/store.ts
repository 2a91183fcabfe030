/**
 * The bulk page's state ("Shorten many links"): a zustand store fed only by messages to the
 * worker (`ask`), in the one store pattern of lib/ui/store.ts. Slices, one file each: loading
 * what the choices need and switching the account (bulkLoaders), the form with the window's tabs
 * (bulkForm), and the run with its results (bulkRun).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createTimers } from '@/lib/ui/store';
import { NO_ACCOUNTS } from '@/lib/ui/accountChoice';
import type { BulkData, BulkKit, BulkState } from './state';
import { bulkLoadersSlice } from './loaders';
import { bulkFormSlice } from './form';
import { bulkRunSlice } from './run';
import { forPrivateWindow } from './privateWindow';

export type { BulkState } from './state';
export type BulkStore = StoreApi<BulkState>;

/** The window id named in the page's address, if any. */
export function windowIdOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('window'));
  return Number.isInteger(id) && id >= 0 && new URLSearchParams(search).has('window') ? id : null;
}

function initialData(search: string): BulkData {
  return {
    windowId: windowIdOf(search),
    privacy: forPrivateWindow(windowIdOf(search)),
    privateWindow: false,
    connection: 'unknown',
    settings: null,
    domains: { state: 'loading', value: [] },
    campaigns: { state: 'loading', value: [] },
    channels: { state: 'loading', value: [] },
    form: { text: '', domainId: '', campaignId: '', channelId: '', makeNew: false, choicesEdited: false },
    preview: { addresses: [], repeats: 0, skipped: [], trimmed: [] },
    titles: {},
    view: null,
    starting: false,
    batchText: null,
    copyFormat: 'list',
    alert: '',
    status: '',
    storageNotices: [],
    accounts: NO_ACCOUNTS,
  };
}

/** Creates the bulk page's store; `search` is the page's query (bulk.html?window=<id>). */
export function createBulkStore(search = ''): BulkStore {
  const timers = createTimers();
  return createStore<BulkState>()((set, get) => {
    const kit: BulkKit = { set, get, timers };
    return { ...initialData(search), ...bulkLoadersSlice(kit), ...bulkFormSlice(kit), ...bulkRunSlice(kit) };
  });
}
