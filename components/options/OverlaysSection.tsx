import type { Overlay } from '@/lib/api';
import type { ListState } from '@/lib/ui/optionsStore';
import { ListStatus, plural } from './ListStatus';
import { Section } from './Section';

/** CTA overlays: every overlay by name, with its type (any type the service sends) and date. */
export function OverlaysSection({ list, onRefresh }: { list: ListState<Overlay>; onRefresh: () => void }) {
  return (
    <Section id="cta-overlays" title="CTA overlays">
      <ListStatus state={list} title="CTA overlays" count={plural('overlay', 'overlays')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">No overlays yet.</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label="CTA overlays">
          {list.items.map((o) => (
            <li key={o.id} className="item row">
              <strong className="name">{o.name || `Overlay #${o.id}`}</strong>
              {o.type && <span className="tag">{o.type}</span>}
              {o.date && <span className="muted">{o.date}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
