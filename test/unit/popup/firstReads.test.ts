import { beforeEach, describe, expect, it, vi } from 'vitest';

// The popup's first reads go to the browser's own API (@wxt-dev/browser, not the polyfill): a fake one here.
const api = vi.hoisted(() => ({
  get: (() => Promise.resolve({})) as (keys: string[] | string) => Promise<Record<string, unknown>>,
  query: (() => Promise.resolve([])) as () => Promise<{ url?: string; title?: string }[]>,
  asked: [] as (string[] | string)[],
}));
vi.mock('@wxt-dev/browser', () => ({
  browser: {
    storage: { local: { get: (keys: string[] | string) => (api.asked.push(keys), api.get(keys)) } },
    tabs: { query: () => api.query() },
  },
}));

const { startFirstReads } = await import('@/lib/ui/popup/firstReads');

beforeEach(() => {
  api.asked = [];
  api.get = () => Promise.resolve({ settings: { copyFormat: 'link' } });
  api.query = () => Promise.resolve([{ url: 'https://example.org/a', title: 'A page' }]);
});

describe("the popup's first reads", () => {
  it("read the snapshot items, never the item with the API key, and the active tab; then Recent links' stored head", async () => {
    api.get = (keys) =>
      Promise.resolve(keys === 'recentHead' ? { recentHead: { entries: [], total: 0 } } : { settings: { copyFormat: 'link' } });
    const reads = startFirstReads();
    // The head is asked for after the snapshot: storage answers in order, the form's read first.
    expect(api.asked).toEqual([['connectionState', 'settings', 'cache', 'linkRules', 'policy'], 'recentHead']);
    await expect(reads.head).resolves.toEqual({ entries: [], total: 0 });
    await expect(reads.items).resolves.toEqual({ settings: { copyFormat: 'link' } });
    await expect(reads.page).resolves.toEqual({ url: 'https://example.org/a', title: 'A page', incognito: false });
  });

  it('turn a read that throws at once into a failed read, so the popup still draws its form', async () => {
    api.get = () => {
      throw new Error('storage is not available');
    };
    let reads: ReturnType<typeof startFirstReads> | undefined;
    expect(() => (reads = startFirstReads())).not.toThrow();
    await expect(reads!.items).rejects.toThrow('storage is not available');
    await expect(reads!.page).resolves.toEqual({ url: 'https://example.org/a', title: 'A page', incognito: false });
  });

  it('take the page from the address when the popup was opened as a tab (?url=…)', async () => {
    const before = globalThis.location;
    vi.stubGlobal('location', { search: '?url=https%3A%2F%2Fexample.org%2Fb&title=B' });
    try {
      api.query = () => Promise.reject(new Error('not asked'));
      await expect(startFirstReads().page).resolves.toEqual({ url: 'https://example.org/b', title: 'B', incognito: false });
    } finally {
      vi.stubGlobal('location', before);
    }
  });
});
