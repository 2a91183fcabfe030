/** What crosses the messaging boundary about connections: never the key, only its last characters. */
import type { ManagedPolicy } from '@/lib/storage/policy';

/** What the pages may know of the connection: never the key itself. */
export interface ConnectionInfo {
  connected: boolean;
  serviceUrl: string | null;
  /** The last 4 characters of the key, for the masked display. */
  keyHint: string | null;
  /** What the organisation's policy sets (the options page marks it, and disables what it locks). */
  managed?: ManagedPolicy;
  /** The current connection's name ("Connection name"; absent: none given). */
  name?: string;
  /** The account's fingerprint (service URL + key, hashed): a page's changes name the account it shows. */
  fingerprint?: string;
}

/**
 * A change names the account the page shows: the worker refuses it when another account is
 * current (switched in another window meanwhile), so it never lands on the wrong account.
 */
export interface ShownAccount {
  account?: string;
}

/** A saved connection as the pages may know it (options' "Connections"): its name and service, never the key. */
export interface ConnectionSummary {
  fingerprint: string;
  /** The user's name for it, or the service's host when none was given. */
  name: string;
  serviceUrl: string;
  /** The last 4 characters of the key. */
  keyHint: string;
  current: boolean;
  /** Links (popup, menu, shortcut, bulk rows) still waiting to be made with this connection. */
  waiting: number;
}
