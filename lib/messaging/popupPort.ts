import { KEYS } from '@/lib/storage/keys';
import { waitingLinksOf, type WaitingLink } from './waitingLinks';

/**
 * The port each open popup keeps to the worker (its own small module: the popup's first chunk
 * does not load the messaging library). The popup follows jobs over it: it shows and copies
 * them itself; when the last popup closes, the worker tells of every job still being made.
 */
export const POPUP_PORT = 'popup';

/**
 * The port the options page opens as its script starts, before React draws it: it wakes a stopped
 * worker, which starts loading the account and every list while the page draws itself, and closes it.
 */
export const OPTIONS_PORT = 'options';

/**
 * What a popup says over its port: it follows (shows and copies) this job, no longer follows it, or
 * showed its link (its assignments still going); or, first, that its window is private (it is then
 * handed a private window's links waiting too).
 */
export type PopupPortMessage = { follow: string } | { release: string } | { shown: string } | { private: true };

/**
 * What the worker tells open popups over their port: stored items another part changed (the head
 * of Recent links, the connection state; the links waiting, from the queue), so that a popup left open follows them without a
 * storage.onChanged listener of its own (which would be handed every write of the whole history).
 */
export type WorkerPortMessage = { stored: { recentHead?: unknown; connectionState?: unknown; waiting?: WaitingLink[] } };

/** The stored items whose changes open popups are told of. */
const TOLD_TO_POPUPS = [KEYS.recentHead, KEYS.connectionState] as const;

/**
 * What open popups are told of a storage change (the worker's storage.onChanged), or null: none of
 * theirs. A change of the queue is told as its links waiting, only when they changed (the queue is
 * written at every step of every job, a bulk batch's too).
 */
export function popupNewsOf(changes: Record<string, { newValue?: unknown; oldValue?: unknown }>, area: string): WorkerPortMessage | null {
  if (area !== 'local') return null;
  const stored: WorkerPortMessage['stored'] = Object.fromEntries(
    TOLD_TO_POPUPS.filter((key) => key in changes).map((key) => [key, changes[key]!.newValue ?? null]),
  );
  const queue = changes.queue;
  if (queue) {
    const waiting = waitingLinksOf(queue.newValue);
    if (JSON.stringify(waiting) !== JSON.stringify(waitingLinksOf(queue.oldValue))) stored.waiting = waiting;
  }
  return Object.keys(stored).length > 0 ? { stored } : null;
}
