/**
 * The "Account" select of the popup and the bulk page (several connections): which saved
 * connections there are, which one is current, the one being switched to, and why the last
 * switch failed. Each page's store holds one of these; components/common/AccountSelect.tsx draws it.
 */
import type { AccountName } from '@/lib/storage';

/** The Account select's state on a page. */
export interface AccountChoice {
  /** Every saved connection, the current one included (the select shows from two on). */
  list: AccountName[];
  /** The current connection's fingerprint (null: none). */
  current: string | null;
  /** The connection asked for and not answered yet (the select shows it meanwhile). */
  switchingTo: string | null;
  /** What the last switch failed with (the select went back; null: it did not fail), worded by errorSentence. */
  error: unknown;
}

/** No saved connection known yet. */
export const NO_ACCOUNTS: AccountChoice = { list: [], current: null, switchingTo: null, error: null };
