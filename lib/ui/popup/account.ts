/**
 * The popup's "Account" select: the saved connections and the current one, with the action that
 * switches. Both are put in the store after the first paint by init.ts (the first script carries
 * neither); showing an account is accountShow.ts, switching accountSwitch.ts.
 */
import type { AccountChoice } from '@/lib/ui/accountChoice';

/** The accounts' part of the popup's state (absent until init.ts sets it). */
export interface AccountState {
  accounts?: AccountChoice;
  switchAccount?: (fingerprint: string) => Promise<void>;
}
