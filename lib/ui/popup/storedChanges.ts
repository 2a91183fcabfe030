/**
 * Stored items another part changed, as the worker tells this popup over its port (waitingActions.ts
 * opens it): the head of Recent links and the connection state. A popup never listens to
 * storage.onChanged itself: it would be handed every write of the whole history (1.6 MB with
 * 5,000 links), and a press's answer would wait behind it.
 */
import type { WorkerPortMessage } from '@/lib/messaging/popupPort';

type Stored = WorkerPortMessage['stored'];
const followers = new Set<(stored: Stored) => void>();

/** Calls `fn` with each change the worker tells of, for as long as the popup is open; returns the stop. */
export function onStoredChange(fn: (stored: Stored) => void): () => void {
  followers.add(fn);
  return () => followers.delete(fn);
}

/** Hands a message of the port to the followers (anything else on the port is not theirs). */
export function storedChanged(message: unknown): void {
  const stored = (message as Partial<WorkerPortMessage> | null)?.stored;
  if (!stored || typeof stored !== 'object') return;
  for (const fn of followers) fn(stored);
}
