/**
 * The popup's way to the worker: lib/messaging's `ask`, loaded on the first message. The first
 * render needs only storage (lib/ui/popup/snapshot.ts), so the messaging library stays out of the
 * popup's first chunk.
 */
import type { ask as askWorker } from '@/lib/messaging';

type Messaging = typeof import('@/lib/messaging');
let loaded: Messaging | null = null;
let loading: Promise<Messaging> | null = null;

/** Starts loading lib/messaging now (loaders.ts's init: beside the chunk that asks, not after it). */
export function loadAsk(): Promise<Messaging> {
  loading ??= import('@/lib/messaging').then((m) => (loaded = m));
  return loading;
}

/**
 * Sends one message to the worker (same signature as lib/messaging's `ask`). Once the library is
 * loaded the message is handed to it in the caller's turn (a press's leaves before the redraw for
 * it; an `import()` already done still answers a few microtasks later).
 */
export const ask = ((...args: Parameters<typeof askWorker>) => {
  const call = (m: Messaging) => (m.ask as (...a: unknown[]) => Promise<unknown>)(...args);
  return loaded ? call(loaded) : loadAsk().then(call);
}) as typeof askWorker;
