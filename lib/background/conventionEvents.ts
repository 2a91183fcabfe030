/**
 * Told when an account's presets, rules or QR style were saved or asked for in this browser:
 * the synced conventions (syncConventions.ts) subscribe, so the modules that save them need not
 * know of the sync (control flows one way).
 */
type Listener = (fingerprint: string) => void;
const listeners = new Set<Listener>();

/** Subscribes to saves of an account's conventions; returns the unsubscribe. */
export function onConventionsSaved(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Says that an account's presets, rules or QR style were saved (or read by a page: worth a look at the sync area). */
export function conventionsSaved(fingerprint: string): void {
  for (const l of listeners) l(fingerprint);
}
