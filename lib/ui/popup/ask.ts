/**
 * The popup's way to the worker: lib/messaging's `ask`, loaded on the first message. The first
 * render needs only storage (lib/ui/popup/snapshot.ts), so the messaging library stays out of the
 * popup's first chunk.
 */
import type { ask as askWorker } from '@/lib/messaging';

/** Sends one message to the worker (same signature as lib/messaging's `ask`). */
export const ask = ((...args: Parameters<typeof askWorker>) =>
  import('@/lib/messaging').then((m) => (m.ask as (...a: unknown[]) => Promise<unknown>)(...args))) as typeof askWorker;

/** Starts loading lib/messaging now (loaders.ts's init: beside the chunk that asks, not after it). */
export function loadAsk(): Promise<unknown> {
  return import('@/lib/messaging');
}
