/**
 * The popup's lists: the connection, the preferences and the cached values the form's selects
 * show (domains, campaigns, channels, the account), first from storage (loaders.ts's prime),
 * then from the worker (init.ts, accountShow.ts).
 */
import type { Account, Campaign, Channel, Domain } from '@/lib/api';
import type { Settings } from '@/lib/storage';
import type { ToldItem } from '@/lib/storage/names';
import type { Loaded } from '@/lib/ui/store';

/** The lists' part of the popup's state. */
export interface ListsState {
  connection: 'unknown' | 'connected' | 'disconnected';
  settings: Settings | null;
  domains: Loaded<Domain[]>;
  campaigns: Loaded<Campaign[]>;
  channels: Loaded<Channel[]>;
  account: Loaded<Account | null>;
  /** Stored items that could not be read and lost something (told once, after the first paint). */
  storageNotices: ToldItem[];
}

/** Every list loading, nothing known yet. */
export function listsAtOpen(): ListsState {
  return {
    connection: 'unknown',
    settings: null,
    domains: { state: 'loading', value: [] },
    campaigns: { state: 'loading', value: [] },
    channels: { state: 'loading', value: [] },
    account: { state: 'loading', value: null },
    storageNotices: [],
  };
}
