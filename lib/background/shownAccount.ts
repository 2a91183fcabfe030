/** A page's change is made only on the account the page shows (another window may have switched meanwhile). */
import { ApiError } from '@/lib/api';
import type { Session } from './session';

/** Refuses a change that names another account than the current one (none named: a page from before several accounts). */
export function checkShownAccount(s: Session, account: unknown): void {
  if (typeof account === 'string' && account !== s.fingerprint)
    throw new ApiError({ kind: 'invalid-input', reason: 'account-switched', message: 'Another account is current now.' });
}
