/**
 * Every stored item of the extension, one module each, named here. All of it lives in
 * `storage.local` (a private window's bulk batch in `storage.session`): the API key must never
 * reach the browser's synced storage, which only syncArea.ts touches, with the synced conventions.
 * Every item is read through its repair: a wrong value keeps what can be kept (docs/ARCHITECTURE.md, "Stored state").
 */
export { storageNotices } from './notices';
export type { CampaignOutcome, ChannelOutcome, HistoryEntry } from '@/lib/links/historyEntry';
export { connectionItem, connectionStateItem, type AccountName, type Connection, type ConnectionState } from './connection';
export { ACCOUNT_SETTINGS, DEFAULT_SETTINGS, settingsItem, type Settings } from './settings';
export { historyItem, historyOlderItem } from './history';
export { cacheItem, type CacheState } from './cache';
export { queueItem, type Job, type ShortenJobArgs } from './queue';
export { writeTogether, type AnyStoredValue } from './storedItem';
export { unsentItem, type UnsentLink } from './unsent';
export { budgetsItem, type BudgetState } from './budgets';
export { bulkItem, type BulkBatch, type BulkItem } from './bulk';
export { policyItem } from './policyState';
export { qrStylesItem } from './qrStyles';
export { trackedQrsItem, type TrackedQr } from './trackedQrs';
