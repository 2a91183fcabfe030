import { createStoreContext } from '@/lib/ui/store';
import type { PopupState } from '@/lib/ui/popup/store';

const popupContext = createStoreContext<PopupState>('The popup');

/** Gives the popup's store to the components below. */
export const PopupStoreProvider = popupContext.Provider;

/** Reads a slice of the popup's state (select primitives or stable references). */
export const usePopup = popupContext.useSelect;
