import { t } from '@/lib/i18n';
import { lazyPart } from './lazyPart';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { RecentPreview } from './RecentPreview';

// The search box and the links with their buttons (copy, QR, delete) are loaded after the first render.
const RecentLinksBody = lazyPart(() => import('./RecentLinksBody').then((m) => m.RecentLinksBody));

/** Section "Recent links": the links made from this browser, newest first, with a search box. */
export function RecentLinks() {
  const later = useAfterFirstPaint();
  const preview = <RecentPreview />;
  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('popupRecentHeading')}</h2>
      {later ? <RecentLinksBody fallback={preview} /> : preview}
    </section>
  );
}
