/**
 * What the pages hear of the presets, rules and QR styles changing in this browser's storage:
 * the worker writes there what another browser synced (docs/ARCHITECTURE.md, "Synced
 * conventions"), and an open page shows it.
 */
import { browser } from 'wxt/browser';
import { CONVENTION_KEYS } from '@/lib/storage/syncSplit';

type Key = (typeof CONVENTION_KEYS)[number];

/** Calls `onChange` whenever one of `keys` (default: all the conventions' items) changes in storage.local; returns the stop. */
export function watchConventions(onChange: () => void, keys: readonly Key[] = CONVENTION_KEYS): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && keys.some((k) => Object.hasOwn(changes, k))) onChange();
  };
  const changed = browser.storage?.onChanged; // absent where a page runs without the extension's APIs
  changed?.addListener(listener);
  return () => changed?.removeListener(listener);
}

/** Calls `onChange` when the QR styles change in storage (a synced style, another page's save); returns the stop. */
export const watchQrStyles = (onChange: () => void) => watchConventions(onChange, ['qrStyles']);
