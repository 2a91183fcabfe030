// @vitest-environment node
// Every page of a list: once the first page says how many there are, the others go together,
// as many at once as the rate budget leaves room for, and come back in page order.
import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages } from '@/lib/api/paginate';
import type { ListPage, Paging } from '@/lib/api';
import { RateBudgets } from '@/lib/background/budget';
import { KEEP_FOR_PRESS, RequestGate } from '@/lib/background/gate';

/** What every page says beside its items and paging. */
const PAGE = { dropped: 0, result: 0, perpage: 100 };

/** A list of `total` items served `limit` a page; each answer waits until the test lets it go (or at once). */
function list(total: number, opts: { hold?: boolean; nextpageOnly?: boolean } = {}) {
  const asked: number[] = [];
  let flying = 0;
  let most = 0;
  const held: (() => void)[] = [];
  const fetchPage = async ({ limit = 100, page = 1 }: Paging = {}): Promise<ListPage<number>> => {
    asked.push(page);
    flying++;
    most = Math.max(most, flying);
    if (opts.hold) await new Promise<void>((r) => held.push(r));
    // Answers come back out of order: later pages first.
    else await new Promise((r) => setTimeout(r, 5 * ((total / limit - page) % 3)));
    flying--;
    const maxpage = Math.max(1, Math.ceil(total / limit));
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => (page - 1) * limit + i);
    return {
      ...PAGE,
      size: items.length,
      items,
      currentpage: page,
      nextpage: page < maxpage ? page + 1 : null,
      maxpage: opts.nextpageOnly ? 1 : maxpage,
    };
  };
  return { fetchPage, asked, most: () => most, flying: () => flying, release: () => held.splice(0).forEach((r) => r()) };
}

describe('fetchAllPages', () => {
  it('asks for the other pages together once the first says how many there are, and keeps their order', async () => {
    const l = list(1000);
    const items = await fetchAllPages(l.fetchPage, { room: () => 100 });
    expect(items).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(l.asked[0]).toBe(1);
    expect(l.most()).toBe(9); // pages 2..10 in flight together
  });

  it("tells the list's beginning as it arrives, in order: page 1, then pages 2–3 once page 2 comes after page 3", async () => {
    const gates = new Map<number, () => void>();
    const fetchPage = async ({ page = 1 }: Paging = {}): Promise<ListPage<number>> => {
      await new Promise<void>((r) => gates.set(page, r));
      const items = Array.from({ length: 100 }, (_, i) => (page - 1) * 100 + i);
      return { ...PAGE, result: 400, size: 100, items, currentpage: page, nextpage: page < 4 ? page + 1 : null, maxpage: 4 };
    };
    const told: [number, number, number | null][] = [];
    const all = fetchAllPages(fetchPage, { room: () => 100, onItems: (soFar, total) => told.push([soFar.length, soFar.at(-1)!, total]) });
    const release = async (page: number) => {
      await vi.waitFor(() => expect(gates.has(page)).toBe(true));
      gates.get(page)!();
    };
    await release(1);
    await vi.waitFor(() => expect(told).toEqual([[100, 99, 400]]));
    await release(3);
    await release(2);
    await vi.waitFor(() =>
      expect(told).toEqual([
        [100, 99, 400],
        [300, 299, 400],
      ]),
    ); // never pages 1 and 3 without 2
    await release(4);
    expect(await all).toHaveLength(400);
    expect(told).toHaveLength(2); // the whole list is the answer: not told again
  });

  it('never has more pages in flight than the room it is given, and fewer when the room is small', async () => {
    const l = list(1000, { hold: true });
    let room = 2;
    const all = fetchAllPages(l.fetchPage, { room: () => room - (l.flying() - 1) });
    await vi.waitFor(() => expect(l.asked).toEqual([1]));
    l.release();
    await vi.waitFor(() => expect(l.flying()).toBe(3)); // one and the room of two beside it
    room = 0; // the budget is spent for others: one at a time
    for (let i = 0; i < 3; i++) {
      l.release();
      await new Promise((r) => setTimeout(r, 5));
      expect(l.flying()).toBeLessThanOrEqual(1);
    }
    room = 100;
    while (l.asked.length < 10 || l.flying() > 0) {
      l.release();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await all).toHaveLength(1000);
    expect([...l.asked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('without room, or when the server does not say how many pages there are, goes one page after another', async () => {
    for (const [opts, paging] of [
      [{}, {}],
      [{ nextpageOnly: true }, { room: () => 100 }],
    ] as const) {
      const l = list(450, opts);
      expect(await fetchAllPages(l.fetchPage, paging)).toEqual(Array.from({ length: 450 }, (_, i) => i));
      expect(l.asked).toEqual([1, 2, 3, 4, 5]);
      expect(l.most()).toBe(1);
    }
  });

  it('fails when a page fails, without asking for more', async () => {
    let asked = 0;
    let flying = 0;
    const fetchPage = async ({ page = 1 }: Paging = {}): Promise<ListPage<number>> => {
      asked++;
      if (page === 3) throw new Error('boom');
      flying++;
      await new Promise((r) => setTimeout(r, 10));
      flying--;
      return { ...PAGE, size: 1, items: [page], currentpage: page, nextpage: page < 20 ? page + 1 : null, maxpage: 20 };
    };
    await expect(fetchAllPages(fetchPage, { room: () => 2 - flying })).rejects.toThrow('boom');
    await new Promise((r) => setTimeout(r, 30));
    expect(asked).toBeLessThan(20);
  });
});

describe("the gate's room for the pages of a list", () => {
  /** A gate whose main budget the server has told: `remaining` of 30 left. */
  async function gateWith(remaining: number) {
    const fetch = vi.fn(
      async () =>
        new Response('{"error":0}', {
          headers: {
            'X-RateLimit-Limit': '30',
            'X-RateLimit-Remaining': String(remaining),
            'X-RateLimit-Reset-Ms': String(Date.now() + 60_000),
          },
        }),
    );
    const gate = new RequestGate(new RateBudgets(Date.now), fetch as unknown as typeof fetch);
    await gate.fetchWith('interactive')('http://127.0.0.1:9/api/campaigns?page=1');
    return gate;
  }

  it('leaves slots of the budget for a press, and none beyond the budget', async () => {
    expect((await gateWith(29)).room('main')).toBeGreaterThanOrEqual(9);
    expect((await gateWith(5)).room('main')).toBe(5 - KEEP_FOR_PRESS);
    expect((await gateWith(1)).room('main')).toBe(0);
  });

  it('sends the pages waiting for room as soon as other lists free their slots, not when its own pages are answered', async () => {
    // Every request is held until the test answers it; the budget is told (30 a minute) by the first.
    const held = new Map<string, () => void>();
    const answered = new Set<string>();
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      const key = url.pathname + url.search;
      await new Promise<void>((r) => held.set(key, r));
      answered.add(key);
      const page = Number(url.searchParams.get('page') ?? 1);
      const body = { ...PAGE, size: 1, items: [page], currentpage: page, nextpage: page < 10 ? page + 1 : null, maxpage: 10 };
      const rate = { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '20', 'X-RateLimit-Reset-Ms': String(Date.now() + 60_000) };
      return new Response(JSON.stringify(body), { headers: rate });
    });
    const gate = new RequestGate(new RateBudgets(Date.now), fetch as unknown as typeof fetch);
    const send = gate.fetchWith('interactive');
    const told = send('http://127.0.0.1:9/api/account');
    await vi.waitFor(() => expect(held.has('/api/account')).toBe(true));
    held.get('/api/account')!();
    await told;
    // Seven other lists in flight beside the campaigns' first page, as the options page asks.
    const others = ['channels', 'pixels', 'domains', 'qrs', 'overlays', 'splash', 'members'].map((n) =>
      send(`http://127.0.0.1:9/api/${n}`),
    );
    const pages = fetchAllPages(
      async ({ page = 1 }: Paging = {}) => (await (await send(`http://127.0.0.1:9/api/campaigns?page=${page}`)).json()) as ListPage<number>,
      { room: () => gate.room('main'), whenRoom: () => gate.freed() },
    );
    await vi.waitFor(() => expect(held.size).toBe(9));
    held.get('/api/campaigns?page=1')!();
    // Room for three beside the others (twelve at most, two kept for a press).
    await vi.waitFor(() => expect([...held.keys()].filter((k) => k.startsWith('/api/campaigns')).length).toBe(4));
    for (const [k, release] of held) if (!k.startsWith('/api/campaigns')) release();
    await Promise.all(others);
    // Every other page leaves now, none of them answered yet.
    await vi.waitFor(() => expect([...held.keys()].filter((k) => k.startsWith('/api/campaigns')).length).toBe(10));
    expect([...answered].filter((k) => /page=([2-9]|10)$/.test(k))).toEqual([]);
    for (const release of held.values()) release();
    expect(await pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('checks each page’s items as it arrives, while the pages after it are still on the way', async () => {
    const held = new Map<number, () => void>();
    const checkedWhileFlying: number[] = [];
    const fetchPage = async ({ page = 1 }: Paging = {}): Promise<ListPage<number>> => {
      if (page > 1) await new Promise<void>((r) => held.set(page, r));
      const items = [page];
      return {
        ...PAGE,
        size: 1,
        currentpage: page,
        nextpage: page < 4 ? page + 1 : null,
        maxpage: 4,
        get items() {
          if (held.size > 0 && [...held.keys()].some((p) => p > page)) checkedWhileFlying.push(page);
          return items;
        },
      };
    };
    const all = fetchAllPages(fetchPage, { room: () => 10 });
    await vi.waitFor(() => expect(held.size).toBe(3));
    held.get(2)!();
    held.delete(2);
    await vi.waitFor(() => expect(checkedWhileFlying).toContain(2));
    for (const release of held.values()) release();
    held.clear();
    expect(await all).toEqual([1, 2, 3, 4]);
  });

  it('says nothing may go together before the server has told its figures', () => {
    const gate = new RequestGate(new RateBudgets(Date.now), vi.fn() as unknown as typeof fetch);
    expect(gate.room('main')).toBe(0);
  });

  it('sends the other pages before it checks the first page’s items', async () => {
    let checkedFirst = false;
    const asked: number[] = [];
    const fetchPage = async ({ page = 1 }: Paging = {}): Promise<ListPage<number>> => {
      asked.push(page);
      const items = [page];
      return {
        size: 1,
        dropped: 0,
        result: 3,
        perpage: 1,
        currentpage: page,
        nextpage: page < 3 ? page + 1 : null,
        maxpage: 3,
        get items() {
          if (page === 1) checkedFirst = true;
          // When page 1's items are checked, pages 2 and 3 have been asked for already.
          if (page === 1) expect(asked).toEqual([1, 2, 3]);
          return items;
        },
      };
    };
    expect(await fetchAllPages(fetchPage, { room: () => 10 })).toEqual([1, 2, 3]);
    expect(checkedFirst).toBe(true);
  });
});
