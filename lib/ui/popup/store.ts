/**
 * The popup's state: a zustand store fed only by messages to the worker (`ask`), never holding
 * the API key and never calling fetch. Components read it and call its actions. One slice per
 * feature, each in its feature's file with its types: the form (form.ts), the lists (lists.ts),
 * the accounts (account.ts), Recent links (recent.ts), the waiting links (waiting.ts), site rules
 * and UTM (utm.ts); loaders.ts opens the popup. What a feature does after the first paint is its
 * `…Actions.ts` module, loaded on the first call of one of its actions (one boundary per feature).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createTimers, later } from '@/lib/ui/store';
import type { PopupKit, PopupState } from './state';
import { loadersSlice } from './loaders';
import { formSlice } from './form';
import { listsAtOpen } from './lists';
import { recentSlice } from './recent';
import { utmSlice } from './utm';
export type { PopupState } from './state';

export type PopupStore = StoreApi<PopupState>;

/** Creates one popup's store (one per opened popup; tests make a fresh one per render). */
export function createPopupStore(): PopupStore {
  const timers = createTimers();
  return createStore<PopupState>()((set, get) => {
    const kit: PopupKit = { set, get, timers };
    return {
      ...listsAtOpen(),
      unsent: [],
      ...loadersSlice(kit),
      ...formSlice(kit),
      ...recentSlice(kit),
      ...utmSlice(kit),
      formActions: later(() => import('./formActions').then((m) => m.formActions(kit))),
      recentActions: later(() => import('./recentActions').then((m) => m.recentActions(kit))),
      waitingActions: later(() => import('./waitingActions').then((m) => m.waitingActions(kit))),
      utmActions: later(() => import('./utmActions').then((m) => m.utmActions(kit))),
    };
  });
}
