import { t } from '@/lib/i18n';
import { usePopup } from './PopupContext';

/** How many links are drawn at first (RecentLinkList.tsx says why), here and once their buttons are there. */
export const RECENT_FIRST = 6;

/**
 * Recent links as the popup's first script can draw them, from their stored head (loaders.ts),
 * while the code that draws them with their buttons and the search box loads (RecentLinksBody):
 * each link's short and long address, or "No links yet", or "Loading…" while the head is not read.
 * The list stays busy for assistive technology until its buttons are there. The later chunk's list
 * (RecentLinkItem) makes the short address a link and adds the buttons and the search box above:
 * the list grows then, 20–40 ms later, below the form.
 */
export function RecentPreview() {
  const recent = usePopup((s) => s.recent);
  if (recent.state !== 'ready') return <p className="muted">{t('commonLoading')}</p>;
  if (recent.items.length === 0) return <p className="muted">{t('popupRecentEmpty')}</p>;
  return (
    <ul className="recent-list" aria-busy="true">
      {recent.items.slice(0, RECENT_FIRST).map((e) => (
        <li key={e.id} className="recent-item">
          <div className="recent-links">
            <span className="short">{e.shortUrl}</span>
            <span className="long muted">{e.longUrl}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
