import { useEffect, useId, useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import { formatCount } from '@/lib/i18n/format';

/** How many items of a list are shown at once; a longer list gets a search field and pages. */
export const PAGE_SIZE = 50;

/** A list searched by its items' names and cut into pages (each item with its index in the whole list). */
export function usePages<T>(items: readonly T[], name: (item: T) => string) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const found = useMemo(() => {
    const all = items.map((item, index) => ({ item, index }));
    const q = query.trim().toLocaleLowerCase();
    return q ? all.filter(({ item }) => name(item).toLocaleLowerCase().includes(q)) : all;
  }, [items, name, query]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  // A search starts again on the first page.
  useEffect(() => {
    setPage(0);
  }, [query]);
  return {
    query,
    setQuery,
    found: found.length,
    from: found.length === 0 ? 0 : current * PAGE_SIZE + 1,
    to: Math.min(found.length, (current + 1) * PAGE_SIZE),
    hasPrevious: current > 0,
    hasNext: current < pages - 1,
    previous: () => setPage(current - 1),
    next: () => setPage(current + 1),
    shown: found.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE),
  };
}

/** The search field and the page buttons of a long list. */
export function ListFinder({ title, paged }: { title: string; paged: ReturnType<typeof usePages<unknown>> }) {
  const id = useId();
  return (
    <div className="finder">
      <label htmlFor={id}>{t('optionsSearchList', title)}</label>
      <input id={id} type="search" value={paged.query} onChange={(e) => paged.setQuery(e.target.value)} />
      <div className="row pager">
        <p className="muted" aria-live="polite">
          {paged.found === 0
            ? t('optionsNoMatch', paged.query.trim())
            : t('optionsPageOf', formatCount(paged.from), formatCount(paged.to), formatCount(paged.found))}
        </p>
        <button type="button" onClick={paged.previous} disabled={!paged.hasPrevious}>
          {t('optionsPreviousPage')}
        </button>
        <button type="button" onClick={paged.next} disabled={!paged.hasNext}>
          {t('optionsNextPage')}
        </button>
      </div>
    </div>
  );
}
