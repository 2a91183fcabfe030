import { useEffect, useState } from 'react';
import { createPopupStore, type PopupStore } from '@/lib/ui/popupStore';
import { PopupStoreProvider } from '@/components/popup/PopupContext';
import { PopupScreen } from '@/components/popup/PopupScreen';

/** The popup: creates its store, starts it, and shows the screen. */
export default function App({ store }: { store?: PopupStore }) {
  const [popup] = useState(() => store ?? createPopupStore());
  useEffect(() => {
    void popup.getState().init();
    return () => popup.getState().dispose();
  }, [popup]);
  return (
    <PopupStoreProvider store={popup}>
      <PopupScreen />
    </PopupStoreProvider>
  );
}
