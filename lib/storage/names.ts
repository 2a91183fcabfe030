/** The stored items whose loss the user is told of (one sentence each, lib/storage/lossText.ts). */
export const TOLD_ITEMS = ['connection', 'settings', 'history', 'queue', 'unsent', 'bulk', 'qrStyles', 'trackedQrs', 'linkRules'] as const;
/** One of them. */
export type ToldItem = (typeof TOLD_ITEMS)[number];

/** The choices of "Keep recent links" (options page); the default keeps 5,000. */
export const HISTORY_LIMITS = [200, 1000, 5000, 10000] as const;
/** One of them. */
export type HistoryLimit = (typeof HISTORY_LIMITS)[number];
/** The default of "Keep recent links". */
export const DEFAULT_HISTORY_LIMIT: HistoryLimit = 5000;
/** The most Recent links ever kept (the largest choice): a longer stored list is cut on read. */
export const MAX_HISTORY_LIMIT = HISTORY_LIMITS[HISTORY_LIMITS.length - 1]!;

/** The longest connection name kept ("Connection name"): the options page refuses a longer one before sending, the worker again. */
export const MAX_CONNECTION_NAME = 100;
