/**
 * A cold worker builds no schema before the first request needs one: evaluating the worker's
 * modules and running `startBackground()` call none of zod's builders (`z.object`, `z.string`,
 * …); the schemas are built on first use (lazySchema), e.g. when the session's reads are
 * checked. Every builder of `zod/mini` is counted through a wrapper.
 */
import { describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => [] as string[]);
vi.mock('zod/mini', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const counted =
    (name: string, f: (...a: unknown[]) => unknown) =>
    (...a: unknown[]) => {
      built.push(name);
      return f(...a);
    };
  return Object.fromEntries(
    Object.entries(real).map(([k, v]) => [
      k,
      typeof v === 'function' && /^[a-z]/.test(k) && k !== 'config' ? counted(k, v as (...a: unknown[]) => unknown) : v,
    ]),
  );
});

describe("the worker's cold start", () => {
  it('builds no schema when its modules are evaluated or its listeners registered', async () => {
    const { startBackground } = await import('@/lib/background');
    const { CampaignSchema } = await import('@/lib/api');
    expect(built).toEqual([]);

    const { browser } = await import('wxt/browser');
    vi.spyOn(browser.runtime.onConnect, 'addListener').mockImplementation(() => undefined);
    // The fake browser has no menus, shortcuts, address bar or notification buttons: absent, as on Android.
    for (const name of ['contextMenus', 'menus', 'commands', 'omnibox', 'notifications'])
      Object.defineProperty(browser, name, { value: undefined, configurable: true, writable: true });
    startBackground();
    expect(built).toEqual([]);

    // Built on first use: the campaign's schema is made when something is checked with it.
    expect(CampaignSchema.safeParse({ id: 1, name: 'x' }).success).toBe(true);
    expect(built).toContain('object');
  });
});
