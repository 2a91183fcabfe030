import { useEffect, useState } from 'react';
import { createBulkStore, type BulkStore } from '@/lib/ui/bulk/store';
import { BulkStoreProvider } from '@/components/bulk/BulkContext';
import { BulkScreen } from '@/components/bulk/BulkScreen';
import { PartBoundary } from '@/components/common/PartBoundary';
import { PartFailed } from '@/components/common/PartFailed';

/** The bulk page: creates its store, starts it, and shows the screen. */
export default function App({ store }: { store?: BulkStore }) {
  const [bulk] = useState(() => store ?? createBulkStore(location.search));
  useEffect(() => {
    void bulk.getState().init();
    return () => bulk.getState().dispose();
  }, [bulk]);
  return (
    <BulkStoreProvider store={bulk}>
      <PartBoundary Fallback={PartFailed}>
        <BulkScreen />
      </PartBoundary>
    </BulkStoreProvider>
  );
}
