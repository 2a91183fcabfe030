import { lazy, Suspense, useMemo } from 'react';
import { matchesSearch } from '@/lib/ui/popupUrl';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

// The items (copy, QR, delete) are loaded after the first render.
const RecentLinkItem = lazy(() => import('./RecentLinkItem').then((m) => ({ default: m.RecentLinkItem })));

/** Section "Recent links": the links made from this browser, newest first, with a search box. */
export function RecentLinks() {
  const recent = usePopup((s) => s.recent);
  const setQuery = usePopup((s) => s.setQuery);
  const shown = useMemo(() => recent.items.filter((e) => matchesSearch(e, recent.query)), [recent.items, recent.query]);
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('popupRecentHeading')}</h2>
      {recent.items.length > 0 && (
        <>
          <label htmlFor="recent-search" className="visually-hidden">
            {t('popupRecentSearch')}
          </label>
          <input
            id="recent-search"
            type="search"
            placeholder={t('popupRecentSearch')}
            value={recent.query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </>
      )}
      {recent.state === 'loading' && <p className="muted">{t('commonLoading')}</p>}
      {recent.state === 'error' && <div role="alert">{t('popupRecentFailed')}</div>}
      {recent.state === 'ready' && recent.items.length === 0 && <p className="muted">{t('popupRecentEmpty')}</p>}
      {recent.items.length > 0 && shown.length === 0 && <p className="muted">{t('popupRecentNoMatch', recent.query)}</p>}
      {shown.length > 0 && (
        <ul className="recent-list" aria-label={recent.query ? t('popupRecentFiltered', shown.length, recent.items.length) : undefined}>
          <Suspense fallback={null}>
            {shown.map((e) => (
              <RecentLinkItem key={e.id} entry={e} />
            ))}
          </Suspense>
        </ul>
      )}
    </section>
  );
}
