import { useMemo } from 'react';
import { matchesSearch } from '@/lib/links/historyText';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18nCount';
import { RecentLinkItem } from './RecentLinkItem';
import { useTrackedScans } from './useTrackedScans';

/** The content of "Recent links": a search box, the state of the list, the links newest first. */
export function RecentLinksBody() {
  const recent = usePopup((s) => s.recent);
  const setQuery = usePopup((s) => s.setQuery);
  const tracked = useTrackedScans(recent.items.length > 0);
  const shown = useMemo(() => recent.items.filter((e) => matchesSearch(e, recent.query)), [recent.items, recent.query]);
  return (
    <>
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
        <ul className="recent-list" aria-label={recent.query ? tCount({ one: 'popupRecentFilteredOne', other: 'popupRecentFilteredMany' }, recent.items.length, [shown.length, recent.items.length]) : undefined}>
          {shown.map((e) => (
            <RecentLinkItem key={e.id} entry={e} tracked={tracked[e.shortUrl]} />
          ))}
        </ul>
      )}
    </>
  );
}
