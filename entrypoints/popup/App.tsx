import { useEffect, useState } from 'react';
import { createPopupStore, type PopupStore } from '@/lib/ui/popupStore';
import { PopupStoreProvider } from '@/components/popup/PopupContext';
import { PopupScreen } from '@/components/popup/PopupScreen';

/** The popup: creates its store, starts it, and shows the screen. */
export default function App({ store }: { store?: PopupStore }) {
  const [popup] = useState(() => store ?? createPopupStore());
  useEffect(() => {
    // In a task of its own: the first render's task ends with the form drawn, and the browser can
    // paint it, before the popup asks the worker anything.
    const id = setTimeout(() => void popup.getState().init(), 0);
    return () => {
      clearTimeout(id);
      popup.getState().dispose();
    };
  }, [popup]);
  return (
    <PopupStoreProvider store={popup}>
      <PopupScreen />
    </PopupStoreProvider>
  );
}
