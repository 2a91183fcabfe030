/**
 * The popup's way to the worker: lib/messaging's `ask`, loaded on the first message. The first
 * render needs only storage (lib/ui/popup/snapshot.ts), so the messaging library stays out of the
 * popup's first chunk.
 */
import type { ask as askWorker } from '@/lib/messaging';

type Messaging = typeof import('@/lib/messaging');
type Ask = (...a: unknown[]) => Promise<unknown>;
let loaded: Messaging | undefined;

/** Starts loading lib/messaging now (loaders.ts's init: beside the chunk that asks, not after it). */
export const loadAsk = (): Promise<Messaging> => import('@/lib/messaging').then((m) => (loaded = m));

/**
 * Sends one message to the worker (same signature as lib/messaging's `ask`). Once the library is
 * loaded the message is handed to it in the caller's turn (a press's leaves before the redraw for
 * it; an `import()` already done still answers a few microtasks later).
 */
export const ask = ((...args: unknown[]) =>
  loaded ? (loaded.ask as Ask)(...args) : loadAsk().then((m) => (m.ask as Ask)(...args))) as typeof askWorker;
