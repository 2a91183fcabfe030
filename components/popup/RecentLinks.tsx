import { lazy, Suspense } from 'react';
import { t } from '@/lib/i18n';

// The search box and the links (copy, QR, delete) are loaded after the first render.
const RecentLinksBody = lazy(() => import('./RecentLinksBody').then((m) => ({ default: m.RecentLinksBody })));

/** Section "Recent links": the links made from this browser, newest first, with a search box. */
export function RecentLinks() {
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('popupRecentHeading')}</h2>
      <Suspense fallback={<p className="muted">{t('commonLoading')}</p>}>
        <RecentLinksBody />
      </Suspense>
    </section>
  );
}
