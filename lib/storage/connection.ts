/** The connection (service and key: only the worker reads the key) and what pages may know of it. */
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { storageNotices } from './notices';
import { storedItem } from './storedItem';
/** Where the service is and the key to it. Only the worker reads `apiKey`. */
export interface Connection {
  serviceUrl: string; // normalised origin + path, no trailing slash
  apiKey: string;
  /** Header form that worked for the shortening group (docs/ARCHITECTURE.md, "Header forms"). */
  shortenAuth?: 'bearer' | 'x-api-key';
  /** The user's name for it ("Connection name"); none: its service's host is shown. */
  name?: string;
}
const connectionStored = storedItem<Connection | null>(`local:${KEYS.connection}`, null);
export const connectionItem = checkedItem(connectionStored, repair.repairConnection, storageNotices, 'connection');

/**
 * What pages may read of the connection (never the key), written by the worker: whether a key is saved, the fingerprint
 * of its account (which keys the cache), whether the policy's presets, rules and QR style (`org`) are for its service;
 * the popup reads it with the cache in one storage read before its first render. */
export interface ConnectionState {
  connected: boolean;
  fingerprint: string | null;
  /** Every saved connection with a key, the current one included (the Account select shows when there are two or more). */
  accounts?: AccountName[];
  orgConventions?: boolean;
}
/** A saved connection as a page may name it: never the key. */
export interface AccountName {
  fingerprint: string;
  name: string;
}
const connectionStateStored = storedItem<ConnectionState | null>(`local:${KEYS.connectionState}`, null);
export const connectionStateItem = checkedItem(connectionStateStored, repair.repairConnectionState, null, null);
