import type { ListPage } from './schemas';
import type { Paging } from './inputs';

/** Most pages fetched for one list; a guard against a server whose `nextpage` never ends. */
export const MAX_PAGES = 500;

/** Fetches every page of a list, following `nextpage` (null or 0 on the last page) and `maxpage`. */
export async function fetchAllPages<T>(
  fetchPage: (paging: Paging) => Promise<ListPage<T>>,
  limit = 100,
): Promise<T[]> {
  const items: T[] = [];
  let page = 1;
  for (let n = 0; n < MAX_PAGES; n++) {
    const res = await fetchPage({ limit, page });
    items.push(...res.items);
    const next = res.nextpage;
    const current = res.currentpage || page;
    if (next !== null && next > current) page = next;
    else if (next === null && current < res.maxpage && res.items.length > 0) page = current + 1;
    else break;
  }
  return items;
}
