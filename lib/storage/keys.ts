/**
 * The name of every item of storage.local and storage.session, in one place: lib/storage declares
 * its items with them, and the code that reads raw storage without WXT's storage module (the
 * popup's first read, the worker's change listeners) names the items by strings whose type is
 * this table's values, so that a renamed item fails the typecheck there too.
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
