/** The rate budgets of each account, persisted so that a restarted worker does not overspend. */
import { checkedItem } from './checkedItem';
import * as repair from './items';
import { KEYS } from './keys';
import { storedItem } from './storedItem';

/** The state of one rate budget, persisted so a restarted worker does not overspend. */
export interface BudgetState {
  limit: number;
  remaining: number;
  /** Epoch ms when the current window ends. */
  resetAt: number;
  windowMs: number;
  /** True once the server has told us its figures (headers). */
  learned: boolean;
  /** The latest window end the server itself announced (0: none yet). */
  serverResetAt?: number;
  /** True once two window ends the server announced taught `windowMs`. */
  windowLearned?: boolean;
  /** Until then, the window's length as the answer to its first request showed it (for estimates only). */
  windowGuessMs?: number;
  /** True when another client was seen spending the same budget (a window starts with one request then). */
  shared?: boolean;
  /** True once the server has answered a request of the current window. */
  heard?: boolean;
  /** A refusal (429) asked us to wait until then: no answer of the same window, sent before it, shortens that. */
  refusedUntil?: number;
}
/** The budgets of each account, by fingerprint (as the cache): each connection spends its own. */
export type BudgetsByAccount = Record<string, Record<string, BudgetState>>;
export const budgetsItem = checkedItem(storedItem<BudgetsByAccount>(`local:${KEYS.budgets}`, {}), repair.repairBudgets, null, null);
