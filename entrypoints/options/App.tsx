import { useEffect, useState } from 'react';
import { OptionsStoreProvider } from '@/components/options/OptionsContext';
import { OptionsScreen } from '@/components/options/OptionsScreen';
import { PartBoundary } from '@/components/common/PartBoundary';
import { PartFailed } from '@/components/common/PartFailed';
import type { RequestPermission } from '@/components/options/ConnectionSection';
import { requestHostPermission } from '@/lib/ui/options/permissions';
import { createOptionsStore, type OptionsStore } from '@/lib/ui/options/store';

/** The options page: creates its store, starts it, and shows the screen. */
export default function App({
  store,
  requestPermission = requestHostPermission,
}: {
  store?: OptionsStore;
  requestPermission?: RequestPermission;
}) {
  const [options] = useState(() => store ?? createOptionsStore());
  useEffect(() => {
    void options.getState().start();
    return () => options.getState().dispose();
  }, [options]);
  return (
    <OptionsStoreProvider store={options}>
      <PartBoundary Fallback={PartFailed}>
        <OptionsScreen requestPermission={requestPermission} />
      </PartBoundary>
    </OptionsStoreProvider>
  );
}
