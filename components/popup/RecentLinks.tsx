import { t } from '@/lib/i18n';
import { lazyPart } from './lazyPart';
import { useAfterFirstPaint } from './useAfterFirstPaint';

// The search box and the links (copy, QR, delete) are loaded after the first render.
const RecentLinksBody = lazyPart(() => import('./RecentLinksBody').then((m) => m.RecentLinksBody));

/** Section "Recent links": the links made from this browser, newest first, with a search box. */
export function RecentLinks() {
  const later = useAfterFirstPaint();
  const loading = <p className="muted">{t('commonLoading')}</p>;
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('popupRecentHeading')}</h2>
      {later ? <RecentLinksBody fallback={loading} /> : loading}
    </section>
  );
}
