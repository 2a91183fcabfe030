import { useCallback, useMemo } from 'react';
import { indexRecent, searchRecent } from '@/lib/ui/popup/recentSearch';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { RecentLinkList } from './RecentLinkList';
import { useTrackedScans } from './useTrackedScans';

/** The content of "Recent links": a search box, the state of the list, the links newest first. */
export function RecentLinksBody() {
  const recent = usePopup((s) => s.recent);
  const setQuery = usePopup((s) => s.setQuery);
  const loadHistory = usePopup((s) => s.recentActions.loadHistory);
  // Only the stored head's newest links are shown: the whole list is asked for once it is wanted.
  const askWhole = useCallback(() => void loadHistory(), [loadHistory]);
  const wantWhole = recent.partial ? askWhole : undefined;
  const tracked = useTrackedScans(recent.items.length > 0);
  const index = useMemo(() => indexRecent(recent.items), [recent.items]);
  const shown = useMemo(() => searchRecent(index, recent.query), [index, recent.query]);
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
            onFocus={wantWhole}
            onChange={(e) => setQuery(e.target.value)}
          />
        </>
      )}
      {recent.state === 'loading' && <p className="muted">{t('commonLoading')}</p>}
      {recent.state === 'error' && <div role="alert">{t('popupRecentFailed')}</div>}
      {recent.state === 'ready' && recent.items.length === 0 && <p className="muted">{t('popupRecentEmpty')}</p>}
      {/* Only the newest are known yet: "no match" waits for the whole list. */}
      {recent.items.length > 0 && shown.length === 0 && (
        <p className="muted">{recent.partial ? t('commonLoading') : t('popupRecentNoMatch', recent.query)}</p>
      )}
      {shown.length > 0 && (
        <RecentLinkList
          entries={shown}
          query={recent.query}
          tracked={tracked}
          busy={recent.partial}
          onEnd={wantWhole}
          label={
            recent.query
              ? tCount({ one: 'popupRecentFilteredOne', other: 'popupRecentFilteredMany' }, recent.items.length, [
                  shown.length,
                  recent.items.length,
                ])
              : undefined
          }
        />
      )}
    </>
  );
}
