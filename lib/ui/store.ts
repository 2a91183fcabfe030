/**
 * The one store pattern of the extension's pages: a zustand store made by a factory (one per
 * mounted page, so tests get a fresh one), given to the components by a provider and read with a
 * selector hook. Also the load state every page shows for data it asks the worker for.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';

/** How a piece of data is loading: not asked yet, on its way, there, or failed. */
export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** A value asked for and how the asking went (the value stays shown when a reload fails). */
export interface Loaded<T> {
  state: LoadState;
  value: T;
}

/** A store's provider and its selector hook (select primitives or stable references). */
export function createStoreContext<S>(name: string) {
  const Context = createContext<StoreApi<S> | null>(null);
  /** Gives the store to the components below. */
  function Provider({ store, children }: { store: StoreApi<S>; children?: ReactNode }) {
    return createElement(Context.Provider, { value: store }, children);
  }
  /** Reads a slice of the store's state and re-renders when it changes. */
  function useSelect<T>(selector: (s: S) => T): T {
    const store = useContext(Context);
    if (!store) throw new Error(`${name} is read outside its provider`);
    return useStore(store, selector);
  }
  return { Provider, useSelect };
}

/** Timers owned by a store, so that closing the page stops every one of them at once. */
export interface StoreTimers {
  /** Runs `fn` once after `ms`, unless the store is disposed meanwhile. */
  later(fn: () => void, ms: number): void;
  /** Runs `fn` every `ms` until the returned stop is called or the store is disposed. */
  every(fn: () => void, ms: number): () => void;
  /** Whether the page has let go of the store. */
  readonly disposed: boolean;
  /** Stops every timer (the page closes or unmounts). */
  dispose(): void;
  /** The page mounts the store again (React's strict mode mounts twice). */
  revive(): void;
}

/** Makes the timers of one store. */
export function createTimers(): StoreTimers {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const repeating = new Set<ReturnType<typeof setInterval>>();
  let disposed = false;
  return {
    later(fn, ms) {
      const id = setTimeout(() => {
        pending.delete(id);
        if (!disposed) fn();
      }, ms);
      pending.add(id);
    },
    every(fn, ms) {
      const id = setInterval(fn, ms);
      repeating.add(id);
      return () => {
        clearInterval(id);
        repeating.delete(id);
      };
    },
    get disposed() {
      return disposed;
    },
    dispose() {
      disposed = true;
      for (const id of pending) clearTimeout(id);
      for (const id of repeating) clearInterval(id);
      pending.clear();
      repeating.clear();
    },
    revive() {
      disposed = false;
    },
  };
}

/**
 * Actions whose code is loaded on their first call (what a page's first screen does not need):
 * each named action waits for `load` (once) and then runs the loaded one.
 */
export function deferred<T extends object, K extends keyof T>(load: () => Promise<T>, names: readonly K[]): Pick<T, K> {
  let loading: Promise<T> | null = null;
  const out = {} as Pick<T, K>;
  for (const name of names) {
    out[name] = ((...args: unknown[]) =>
      (loading ??= load()).then((loaded) => (loaded[name] as (...a: unknown[]) => unknown)(...args))) as T[K];
  }
  return out;
}
