import type { ListPage } from './schemas';
import type { Paging } from './inputs';

/** Most pages fetched for one list; a guard against a server whose `nextpage` never ends. */
export const MAX_PAGES = 500;

export interface PagingOptions<T = unknown> {
  /** Items per page (default 100). */
  limit?: number;
  /**
   * How many more pages may leave now beside those in flight (asked again before each one; with
   * none in flight, one always leaves). Absent: one page after another.
   */
  room?: () => number;
  /**
   * Settles when the room may have grown (another request's slot freed): pages still waiting for
   * room are asked for again then, not only when one of this list's own pages is answered. Over
   * HTTP/2 the other lists of a page free their slots one round trip in, with this list's first page.
   */
  whenRoom?: () => Promise<void>;
  /**
   * The list's beginning, in order, each time more of it has come while pages are still to come
   * (a page then shows a long list as it arrives, first page first); `total` when the first page
   * said how many there are (its `result` above its own items), else null.
   */
  onItems?: (soFar: T[], total: number | null) => void;
}

/**
 * Fetches every page of a list. Once the first page says how many there are (`maxpage`, with a
 * `nextpage` that counts up one at a time), the other pages are asked for together, as many at
 * once as `room` allows, and put back in page order; otherwise it follows `nextpage` (null or 0
 * on the last page) one page after another.
 */
export async function fetchAllPages<T>(fetchPage: (paging: Paging) => Promise<ListPage<T>>, opts: PagingOptions<T> = {}): Promise<T[]> {
  const limit = opts.limit ?? 100;
  const pages: T[][] = [];
  let total: number | null = null;
  const tell = opts.onItems && ((after: T[][] = []) => opts.onItems!([...pages, ...after].flat(), total));
  let page = 1;
  for (let n = 0; n < MAX_PAGES; n++) {
    const res = await fetchPage({ limit, page });
    const next = res.nextpage;
    const current = res.currentpage || page;
    const last = Math.min(res.maxpage, MAX_PAGES - n - 1 + current);
    const together = opts.room && res.size > 0 && last > current + 1 && (next === null || next === current + 1);
    // The other pages leave before this page's items are checked (schemas/envelopes.ts: checked on first use).
    const others = together ? fetchTogether(fetchPage, limit, current + 1, last, opts.room!, opts.whenRoom, tell) : null;
    if (n === 0 && res.result > res.size) total = res.result;
    pages.push(res.items);
    const more = others !== null || (next !== null && next > current) || (next === null && current < res.maxpage && res.items.length > 0);
    if (more) tell?.();
    if (others) {
      const rest = await others;
      pages.push(...rest.map((r) => r.items));
      const tail = rest.at(-1)!.res;
      const after = tail.nextpage;
      // A list that grew meanwhile: the last page names another; the rest one after another.
      if (after !== null && after > last && tail.items.length > 0) {
        n += rest.length;
        page = after;
        continue;
      }
      break;
    }
    if (next !== null && next > current) page = next;
    else if (next === null && current < res.maxpage && res.items.length > 0) page = current + 1;
    else break;
  }
  return pages.flat();
}

/**
 * Pages `from`..`to`, as many in flight as `room()` allows (asked again on each answer and when
 * `whenRoom` settles), answered in page order; the first failure fails all. Each page's items are
 * checked as it arrives, while the others are on the way, not all after the last answer.
 */
function fetchTogether<T>(
  fetchPage: (paging: Paging) => Promise<ListPage<T>>,
  limit: number,
  from: number,
  to: number,
  room: () => number,
  whenRoom?: () => Promise<void>,
  onBeginning?: (pages: T[][]) => void,
): Promise<{ res: ListPage<T>; items: T[] }[]> {
  return new Promise((resolve, reject) => {
    const out: { res: ListPage<T>; items: T[] }[] = [];
    /** How many pages from `from` on have come, none missing between. */
    let beginning = 0;
    let next = from;
    let flying = 0;
    let failed = false;
    let watching = false;
    /** Waits for room freed elsewhere while pages are left to ask for (one wait at a time). */
    const watch = () => {
      if (watching || failed || next > to || !whenRoom) return;
      watching = true;
      const again = () => {
        watching = false;
        launch();
      };
      void whenRoom().then(again, again);
    };
    const launch = () => {
      while (!failed && next <= to && (flying === 0 || room() > 0)) {
        const page = next++;
        flying++;
        fetchPage({ limit, page }).then(
          (res) => {
            flying--;
            if (!(next > to && flying === 0)) launch();
            try {
              out[page - from] = { res, items: res.items };
            } catch (err) {
              failed = true;
              return reject(err);
            }
            if (next > to && flying === 0) return resolve(out);
            const before = beginning;
            while (out[beginning]) beginning++;
            if (beginning > before) onBeginning?.(out.slice(0, beginning).map((p) => p.items));
          },
          (err: unknown) => {
            failed = true;
            reject(err);
          },
        );
      }
      watch();
    };
    launch();
  });
}
