/**
 * The worker's own start work (the policy read again, synced conventions merged, the queue handed
 * back and resumed) waits for the event that woke it: none of its storage reads is asked before
 * START_WORK_AFTER_MS, so they never go ahead of a cold popup's first request or first answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { START_WORK_AFTER_MS, startBackground } from '@/lib/background';

/** The storage.local items asked for so far, by name. */
function itemsRead(get: { mock: { calls: unknown[][] } }): string[] {
  return get.mock.calls
    .flatMap(([keys]) =>
      keys == null ? ['(all)'] : typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : Object.keys(keys as object),
    )
    .map(String);
}

describe("the worker's start work", () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads the policy and the queue only after the event that woke it', async () => {
    vi.spyOn(browser.runtime.onConnect, 'addListener').mockImplementation(() => undefined);
    // The fake browser has no menus, shortcuts, address bar or notification buttons: absent, as on Android.
    for (const name of ['contextMenus', 'menus', 'commands', 'omnibox', 'notifications'])
      Object.defineProperty(browser, name, { value: undefined, configurable: true, writable: true });
    const get = vi.spyOn(browser.storage.local, 'get');
    startBackground();
    await vi.advanceTimersByTimeAsync(START_WORK_AFTER_MS - 1);
    // The session's own reads (settings, budgets, cache, connection) are made at once.
    expect(itemsRead(get)).toContain('connection');
    expect(itemsRead(get)).not.toContain('policy');
    expect(itemsRead(get)).not.toContain('queue');

    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(itemsRead(get)).toEqual(expect.arrayContaining(['policy', 'queue'])));
  });
});
