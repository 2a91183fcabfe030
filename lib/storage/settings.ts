/** The user's preferences, with their defaults and the members that belong to one account. */
import { storage } from '#imports';
import type { CopyFormat } from '@/lib/links/copyFormat';
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { DEFAULT_HISTORY_LIMIT, type HistoryLimit } from './names';
import { storageNotices } from './notices';
/** The user's preferences (options page). */
export interface Settings {
  /** Default domain/campaign for the context menu and shortcut; null = the service's default / none. */
  defaultDomainId: number | null;
  defaultCampaignId: number | null;
  autoCopy: boolean;
  keepHistory: boolean;
  /** Keep links made from a private window in Recent links too (off: they leave no trace once made). */
  keepPrivateHistory: boolean;
  /** The popup remembers the last choices. */
  lastDomainId: number | null;
  lastCampaignId: number | null;
  /** Default channel for the menu, the shortcut and the address bar; null = none. */
  defaultChannelId: number | null;
  lastChannelId: number | null;
  /** Remove tracking parameters (utm_*, fbclid…) before shortening. */
  cleanLinks: boolean;
  /** What automatic copying, the menu, the shortcut and the address bar copy. */
  copyFormat: CopyFormat;
  /** Which context menu items are shown. */
  menuShortenLink: boolean;
  menuShortenPage: boolean;
  menuQrPage: boolean;
  /** How many Recent links are kept ("Keep recent links"); the oldest go first. */
  historyLimit: HistoryLimit;
}
export const DEFAULT_SETTINGS: Settings = {
  defaultDomainId: null,
  defaultCampaignId: null,
  autoCopy: true,
  keepHistory: true,
  keepPrivateHistory: false,
  lastDomainId: null,
  lastCampaignId: null,
  defaultChannelId: null,
  lastChannelId: null,
  cleanLinks: true,
  copyFormat: 'link',
  menuShortenLink: true,
  menuShortenPage: true,
  menuQrPage: true,
  historyLimit: DEFAULT_HISTORY_LIMIT,
};
/** The members that hold an id of the account (domain, campaign, channel): another account starts without them. */
export const ACCOUNT_SETTINGS = [
  'defaultDomainId',
  'defaultCampaignId',
  'defaultChannelId',
  'lastDomainId',
  'lastCampaignId',
  'lastChannelId',
] as const;
const settingsStored = storage.defineItem<Settings>(`local:${KEYS.settings}`, {
  fallback: DEFAULT_SETTINGS,
  version: 2,
  // Version 2 holds channels, clean links, copy format and the menu switches: a version-1 value
  // gets their defaults (every read fills what is missing too: repairSettings).
  migrations: { 2: (old: unknown) => (old && typeof old === 'object' && !Array.isArray(old) ? { ...DEFAULT_SETTINGS, ...old } : old) },
});
export const settingsItem = checkedItem(settingsStored, repair.repairSettings(DEFAULT_SETTINGS), storageNotices, 'settings');
