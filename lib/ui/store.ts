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

/** What a slice is given: its store's set and get (typed by the state the slice uses) and the store's timers. */
export interface SliceKit<S> {
  set: (patch: Partial<S>) => void;
  get: () => S;
  timers: StoreTimers;
}

/** Actions as they are called before their code has loaded: each answers a promise. */
export type Later<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * A feature's actions whose code loads on their first call (what a page's first screen does not
 * need): one boundary per feature, its names those of the loaded object, so no list of them is
 * written. Each action waits for `load` (once) and then runs the loaded one; the same name gives
 * the same function every time (a stable reference for the components).
 */
export function later<T extends object>(load: () => Promise<T>): Later<T> {
  let loading: Promise<T> | null = null;
  const made = new Map<string, unknown>();
  return new Proxy({} as Later<T>, {
    get(_, name) {
      // Not a thenable: code that awaits the object itself must not take it for a promise.
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (!made.has(name))
        made.set(name, (...args: unknown[]) =>
          (loading ??= load()).then((loaded) => (loaded[name as keyof T] as (...a: unknown[]) => unknown)(...args)),
        );
      return made.get(name);
    },
  });
}
