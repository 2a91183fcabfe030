import type { Splash } from '@/lib/api';
import type { ListState } from '@/lib/ui/optionsStore';
import { ListStatus, plural } from './ListStatus';
import { Section } from './Section';

/** Splash pages: every custom splash page by name, with its date. */
export function SplashSection({ list, onRefresh }: { list: ListState<Splash>; onRefresh: () => void }) {
  return (
    <Section id="splash-pages" title="Splash pages">
      <ListStatus state={list} title="splash pages" count={plural('splash page', 'splash pages')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">No splash pages yet.</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label="Splash pages">
          {list.items.map((s) => (
            <li key={s.id} className="item row">
              <strong className="name">{s.name || `Splash page #${s.id}`}</strong>
              {s.date && <span className="muted">{s.date}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
