import { createStoreContext } from '@/lib/ui/store';
import type { BulkState } from '@/lib/ui/bulk/store';

const bulkContext = createStoreContext<BulkState>('The bulk page');

/** Gives the bulk page's store to the components below. */
export const BulkStoreProvider = bulkContext.Provider;

/** Reads a slice of the bulk page's state (select primitives or stable references). */
export const useBulk = bulkContext.useSelect;
