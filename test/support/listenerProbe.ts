/**
 * Only in the test build (`npm run build:test`, wxt.config.ts): imported before the worker's own
 * code, it keeps each listener the worker registers for the browser's surfaces that a headless
 * browser cannot press (context menu, shortcut, address bar, notification buttons) on the
 * worker's global, `__linkShortListeners`, so the browser tests can call them as the browser
 * would. Production builds never contain it (the lint forbids the name in lib/ and entrypoints/).
 */
import { browser } from 'wxt/browser';

type Listener = (...args: unknown[]) => unknown;
const EVENTS: Record<string, [string, string]> = {
  menuClick: ['contextMenus', 'onClicked'],
  command: ['commands', 'onCommand'],
  omniboxChanged: ['omnibox', 'onInputChanged'],
  omniboxEntered: ['omnibox', 'onInputEntered'],
  notificationButton: ['notifications', 'onButtonClicked'],
};

const kept: Record<string, Listener> = {};
(globalThis as { __linkShortListeners?: unknown }).__linkShortListeners = kept;

for (const [name, [ns, event]] of Object.entries(EVENTS)) {
  const target = (browser as unknown as Record<string, Record<string, { addListener: (fn: Listener) => void }> | undefined>)[ns]?.[event];
  if (!target) continue; // Firefox has no notification buttons
  const add = target.addListener.bind(target);
  // The listener the worker passes is kept as it is: calling it is what the browser would do.
  const keep = (fn: Listener) => {
    kept[name] = fn;
    add(fn);
  };
  try {
    Object.defineProperty(target, 'addListener', { value: keep, configurable: true, writable: true });
  } catch {
    (target as { addListener: unknown }).addListener = keep;
  }
}
