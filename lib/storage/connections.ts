/**
 * The connections other than the current one (several accounts): each with its name, service URL
 * and key, in `storage.local` only. The current connection stays in `connection` (lib/storage);
 * switching swaps one of these with it. Beside them, what each account keeps while another is
 * current: its cache and its remembered choices, keyed by fingerprint.
 */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazySchema';
import type { CacheState } from './cache';
import type { Connection } from './connection';
import type { Settings } from './settings';
import { checkedItem } from './checkedItem';
import { storageNotices } from './notices';
import { kept, type Repair } from './repaired';
import { isRecord } from './isRecord';
import { connectionSchema, repairCache } from './items';
import { storedItem } from './storedItem';
import { KEYS } from './keys';

/** A saved connection that is not the current one. */
export type SavedConnection = Connection;

const savedList = lazySchema(() => z.array(z.unknown()));

/** Each connection on its own: a wrong one is dropped (its key is never guessed), the others kept. */
export const repairConnections: Repair<SavedConnection[]> = (raw) => {
  if (raw == null) return kept([]);
  const r = savedList.safeParse(raw);
  if (!r.success) return { value: [], lost: true, changed: true };
  const value = r.data.flatMap((c) => {
    const one = connectionSchema.safeParse(c);
    return one.success && one.data.apiKey ? [one.data] : [];
  });
  const changed = value.length !== r.data.length;
  return { value, lost: changed, changed };
};
const connectionsStored = storedItem<SavedConnection[]>(`local:${KEYS.connections}`, []);
export const connectionsItem = checkedItem(connectionsStored, repairConnections, storageNotices, 'connection');

/** The domain, campaign and channel choices of one account (the preferences' ACCOUNT_SETTINGS). */
export type AccountChoices = Partial<
  Pick<Settings, 'defaultDomainId' | 'defaultCampaignId' | 'defaultChannelId' | 'lastDomainId' | 'lastCampaignId' | 'lastChannelId'>
>;

/** What an account that is not the current one keeps: its cache and its choices. */
export interface ParkedAccount {
  cache?: CacheState;
  choices?: AccountChoices;
}

/** Keeps each parked account whose record makes sense (a cache through its own repair). */
const repairParked: Repair<Record<string, ParkedAccount>> = (raw) => {
  if (raw == null) return kept({});
  if (!isRecord(raw)) return { value: {}, lost: false, changed: true };
  const value: Record<string, ParkedAccount> = {};
  let changed = false;
  for (const [fp, entry] of Object.entries(raw)) {
    if (!isRecord(entry)) {
      changed = true;
      continue;
    }
    const cache = entry.cache === undefined ? null : repairCache<CacheState>(entry.cache);
    const choices = isRecord(entry.choices)
      ? (Object.fromEntries(
          Object.entries(entry.choices).filter(([, v]) => v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0)),
        ) as AccountChoices)
      : undefined;
    if (cache?.changed || (entry.choices !== undefined && !choices)) changed = true;
    value[fp] = { ...(cache?.value ? { cache: cache.value } : {}), ...(choices ? { choices } : {}) };
  }
  return { value, lost: false, changed };
};
const parkedStored = storedItem<Record<string, ParkedAccount>>(`local:${KEYS.parkedAccounts}`, {});
export const parkedAccountsItem = checkedItem(parkedStored, repairParked, null, null);
