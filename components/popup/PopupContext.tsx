import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { PopupState, PopupStore } from '@/lib/ui/popupStore';

const StoreContext = createContext<PopupStore | null>(null);

/** Gives the popup's store to the components below. */
export function PopupStoreProvider({ store, children }: { store: PopupStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Reads a slice of the popup's state (select primitives or stable references). */
export function usePopup<T>(selector: (s: PopupState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('usePopup needs a PopupStoreProvider');
  return useStore(store, selector);
}
