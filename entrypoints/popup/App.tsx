import { useEffect, useState } from 'react';
import { createPopupStore, type PopupStore } from '@/lib/ui/popup/store';
import { PopupStoreProvider } from '@/components/popup/PopupContext';
import { PopupScreen } from '@/components/popup/PopupScreen';
import { PartBoundary } from '@/components/common/PartBoundary';
import { laterPart } from '@/components/popup/laterPartsLoad';
import { afterFirstPaint } from '@/components/popup/useAfterFirstPaint';

// What shows in place of a popup that failed comes with the later parts: the first script carries only the boundary.
const PartFailed = laterPart('PartFailed');

/** The popup: creates its store, starts it, and shows the screen. */
export default function App({ store }: { store?: PopupStore }) {
  const [popup] = useState(() => store ?? createPopupStore());
  useEffect(() => {
    // The form is drawn before the popup asks the worker anything.
    const cancel = afterFirstPaint(() => void popup.getState().init());
    return () => {
      cancel();
      popup.getState().dispose();
    };
  }, [popup]);
  return (
    <PopupStoreProvider store={popup}>
      <PartBoundary Fallback={PartFailed}>
        <PopupScreen />
      </PartBoundary>
    </PopupStoreProvider>
  );
}
