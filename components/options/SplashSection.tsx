import type { Splash } from '@/lib/api';
import type { ListState } from '@/lib/ui/optionsStore';
import { ListStatus, plural } from './ListStatus';
import { Section } from './Section';
import { t } from '@/lib/i18n';

/** Splash pages: every custom splash page by name, with its date. */
export function SplashSection({ list, onRefresh }: { list: ListState<Splash>; onRefresh: () => void }) {
  return (
    <Section id="splash-pages" title={t('optionsSplashTitle')}>
      <ListStatus state={list} refreshLabel={t('optionsRefreshSplash')} count={plural('optionsCountSplashOne', 'optionsCountSplashMany')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">{t('optionsNoSplash')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label={t('optionsSplashTitle')}>
          {list.items.map((s) => (
            <li key={s.id} className="item row">
              <strong className="name">{s.name || t('optionsSplashNumbered', s.id)}</strong>
              {s.date && <span className="muted">{s.date}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
