import type { Overlay } from '@/lib/api';
import type { ListState } from '@/lib/ui/optionsStore';
import { ListStatus, plural } from './ListStatus';
import { Section } from './Section';
import { t } from '@/lib/i18n';

/** CTA overlays: every overlay by name, with its type (any type the service sends) and date. */
export function OverlaysSection({ list, onRefresh }: { list: ListState<Overlay>; onRefresh: () => void }) {
  return (
    <Section id="cta-overlays" title={t('optionsOverlaysTitle')}>
      <ListStatus state={list} refreshLabel={t('optionsRefreshOverlays')} count={plural('optionsCountOverlayOne', 'optionsCountOverlayMany')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">{t('optionsNoOverlays')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label={t('optionsOverlaysTitle')}>
          {list.items.map((o) => (
            <li key={o.id} className="item row">
              <strong className="name">{o.name || t('optionsOverlayNumbered', o.id)}</strong>
              {o.type && <span className="tag">{o.type}</span>}
              {o.date && <span className="muted">{o.date}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
