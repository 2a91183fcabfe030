/**
 * Firefox for Android (declared in wxt.config.ts: gecko_android) has no context menu, no
 * keyboard shortcuts and no address-bar keyword: `contextMenus`/`menus`, `commands` and
 * `omnibox` are absent there. The worker must start all the same, answer the popup, and build
 * no menu at install.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { startBackground } from '@/lib/background';
import { createMenus } from '@/lib/background/menus';

const ABSENT = ['contextMenus', 'menus', 'commands', 'omnibox'] as const;

describe('the worker on Firefox for Android (no menus, commands, omnibox)', () => {
  const saved = new Map<string, PropertyDescriptor | undefined>();
  beforeEach(() => {
    fakeBrowser.reset();
    const target = browser as unknown as Record<string, unknown>;
    for (const name of ABSENT) {
      saved.set(name, Object.getOwnPropertyDescriptor(target, name));
      Object.defineProperty(target, name, { value: undefined, configurable: true, writable: true });
    }
  });
  afterEach(() => {
    const target = browser as unknown as Record<string, unknown>;
    for (const name of ABSENT) {
      const d = saved.get(name);
      if (d) Object.defineProperty(target, name, d);
      else delete target[name];
    }
  });

  it('starts, registers its other listeners, and builds no menu at install', async () => {
    expect((browser as unknown as Record<string, unknown>).contextMenus).toBeUndefined();
    // What the fake browser leaves unimplemented, answered as an idle browser would.
    const onConnect = vi.spyOn(browser.runtime.onConnect, 'addListener').mockImplementation(() => undefined);
    const onAlarm = vi.spyOn(browser.alarms.onAlarm, 'addListener');
    const onInstalled = vi.spyOn(browser.runtime.onInstalled, 'addListener');
    const service = startBackground();
    expect(service).toBeDefined();
    expect(onConnect).toHaveBeenCalled(); // the popup's port
    expect(onAlarm).toHaveBeenCalled(); // the queue resumes
    // The install listener builds the menu where there is one: here it is nothing, not an error.
    const installed = onInstalled.mock.calls[0]![0] as (d: unknown) => void;
    expect(() => installed({ reason: 'install' })).not.toThrow();
    await expect(createMenus()).resolves.toBeUndefined();
  });
});
