/**
 * The popup's whole state, made of its features' parts (each declared in its feature's file),
 * for the code that spans features: the open (loaders.ts, init.ts), showing an account, the
 * tasks of a press. A feature's own file names only the parts it uses.
 */
import type { SliceKit } from '@/lib/ui/store';
import type { FirstReads } from './firstReads';
import type { FormState } from './form';
import type { ListsState } from './lists';
import type { AccountState } from './account';
import type { RecentState } from './recent';
import type { WaitingState } from './waiting';
import type { UtmState } from './utm';

/** Opening and closing the popup (loaders.ts). */
export interface LoaderActions {
  /** Reads the tab and what storage already answers, before the first render (once); `reads` when they were started already. */
  prime(reads?: FirstReads): Promise<void>;
  /** After the first paint: asks the worker for what storage did not answer (each answer shows as it comes). */
  init(): Promise<void>;
  /** Stops timers (the popup closes or unmounts). */
  dispose(): void;
}

export type PopupState = FormState & ListsState & AccountState & RecentState & WaitingState & UtmState & LoaderActions;

/** What the code spanning features is given: the whole state's set and get, and the store's timers. */
export type PopupKit = SliceKit<PopupState>;
