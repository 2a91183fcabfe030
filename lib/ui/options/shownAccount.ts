/**
 * The options page acts only on the account it shows: its changes name that account, and when the
 * worker refuses one because another window switched accounts meanwhile — or storage says the
 * current account changed — the page enters the current account (docs/ARCHITECTURE.md, "Several
 * connections on the options page").
 */
import { browser } from 'wxt/browser';
import { toApiError } from '@/lib/api/errors';

/** Calls `onChange` with the current account's fingerprint whenever another window changes it; returns the stop. */
export function watchCurrentAccount(onChange: (fingerprint: string | null) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const next = changes.connectionState?.newValue as { fingerprint?: unknown } | undefined;
    if (area === 'local' && changes.connectionState) onChange(typeof next?.fingerprint === 'string' ? next.fingerprint : null);
  };
  const changed = browser.storage?.onChanged; // absent where a page runs without the extension's APIs
  changed?.addListener(listener);
  return () => changed?.removeListener(listener);
}

/** Runs a change; when the worker refused it for another account, `reenter` shows the current one (the error still reaches the form). */
export async function onShownAccount<T>(change: () => Promise<T>, reenter: () => void): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (toApiError(err).reason === 'account-switched') reenter();
    throw err;
  }
}
