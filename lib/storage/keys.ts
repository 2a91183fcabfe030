/**
 * The name of every item of storage.local and storage.session, in one place: lib/storage declares its
 * items with them, and the popup's first read and the worker's change listeners, which read raw
 * storage without WXT's storage module, name the items by them too. No imports: the popup's first
 * script loads it.
 */
export const KEYS = {
  budgets: 'budgets',
  bulk: 'bulk',
  cache: 'cache',
  connection: 'connection',
  connectionState: 'connectionState',
  connections: 'connections',
  history: 'history',
  historyOlder: 'historyOlder',
  linkRules: 'linkRules',
  parkedAccounts: 'parkedAccounts',
  policy: 'policy',
  privateBulk: 'privateBulk',
  qrStyles: 'qrStyles',
  queue: 'queue',
  recentHead: 'recentHead',
  settings: 'settings',
  storageNotices: 'storageNotices',
  syncConventions: 'syncConventions',
  syncShadow: 'syncShadow',
  trackedQrs: 'trackedQrs',
  unsent: 'unsent',
} as const;
