import { useMemo } from 'react';
import { matchesSearch } from '@/lib/ui/popupUrl';
import { usePopup } from './PopupContext';
import { RecentLinkItem } from './RecentLinkItem';

/** Section "Recent links": the links made from this browser, newest first, with a search box. */
export function RecentLinks() {
  const recent = usePopup((s) => s.recent);
  const setQuery = usePopup((s) => s.setQuery);
  const shown = useMemo(() => recent.items.filter((e) => matchesSearch(e, recent.query)), [recent.items, recent.query]);
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent links</h2>
      {recent.items.length > 0 && (
        <>
          <label htmlFor="recent-search" className="visually-hidden">
            Search recent links
          </label>
          <input
            id="recent-search"
            type="search"
            placeholder="Search recent links"
            value={recent.query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </>
      )}
      {recent.state === 'loading' && <p className="muted">Loading…</p>}
      {recent.state === 'error' && <div role="alert">Recent links could not be loaded.</div>}
      {recent.state === 'ready' && recent.items.length === 0 && <p className="muted">No links yet. The links you shorten appear here.</p>}
      {recent.items.length > 0 && shown.length === 0 && <p className="muted">No recent link matches “{recent.query}”.</p>}
      {shown.length > 0 && (
        <ul className="recent-list" aria-label={recent.query ? `${shown.length} of ${recent.items.length} recent links` : undefined}>
          {shown.map((e) => (
            <RecentLinkItem key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
