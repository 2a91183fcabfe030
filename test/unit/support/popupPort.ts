/**
 * The popup's port to the worker in page tests: what the popup posts is recorded, and storage
 * changes are told to it as the worker tells them (popupNewsOf), so a test changes storage as
 * another window would and the popup hears of it the way it does in the browser.
 */
import { vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { popupNewsOf } from '@/lib/messaging/popupPort';

/** Installs the fake port (runtime.connect answers it); returns what the popup posted. */
export function fakePopupPort(): { posted: unknown[] } {
  const posted: unknown[] = [];
  const listeners: ((m: unknown) => void)[] = [];
  const port = {
    postMessage: (m: unknown) => posted.push(m),
    onDisconnect: { addListener: () => {} },
    onMessage: { addListener: (f: (m: unknown) => void) => listeners.push(f) },
  };
  vi.spyOn(browser.runtime, 'connect').mockReturnValue(port as never);
  fakeBrowser.storage.onChanged.addListener((changes, area) => {
    const news = popupNewsOf(changes, area);
    if (news) for (const f of listeners) f(news);
  });
  return { posted };
}
