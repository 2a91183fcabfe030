/**
 * The popup's way to the worker: lib/messaging's `ask`, loaded on the first message. The first
 * render needs only storage (lib/ui/popup/snapshot.ts), so the messaging library stays out of the
 * popup's first chunk.
 */
import type { ask as askWorker } from '@/lib/messaging';

/** Sends one message to the worker (same signature as lib/messaging's `ask`). */
export const ask = ((...args: Parameters<typeof askWorker>) =>
  import('@/lib/messaging').then((m) => (m.ask as (...a: unknown[]) => Promise<unknown>)(...args))) as typeof askWorker;

/** Starts loading lib/messaging now (popupLoaders' init: beside the chunk that asks, not after it). */
export function loadAsk(): Promise<unknown> {
  return import('@/lib/messaging');
}

// Recent links' slices (init's and tasks' chunks) take the list check from here: it then comes
// with the first script instead of as a file of its own that both chunks would load.
export { listOf } from '@/lib/ui/listOf';
