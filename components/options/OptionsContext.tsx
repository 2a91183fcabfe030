import { useCallback } from 'react';
import { createStoreContext } from '@/lib/ui/store';
import type { Mutation } from '@/lib/messaging';
import type { OptionsState, Touched } from '@/lib/ui/options/store';

const context = createStoreContext<OptionsState>('The options page');

/** Gives the options page's store to the sections. */
export const OptionsStoreProvider = context.Provider;
/** Reads a slice of the options page's state. */
export const useOptions = context.useSelect;

/** Runs a change through the worker and reloads what it touched (the list of the section, or the account). */
export function useMutate(touched: Touched): (m: Mutation) => Promise<unknown> {
  const mutate = useOptions((s) => s.mutate);
  return useCallback((m: Mutation) => mutate(m, touched), [mutate, touched]);
}
