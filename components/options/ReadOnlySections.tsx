import type { Overlay, Splash } from '@/lib/api';
import { ListSection } from './ListSection';
import { t, type MessageKey } from '@/lib/i18n';
import { dateText } from '@/lib/i18n/date';
import { valueWord } from '@/lib/ui/options/valueWords';

/** A read-only item: its name (or "<kind> #id"), its type when it has one, and its date. */
function namedItem(numbered: MessageKey) {
  return (item: Overlay | Splash) => (
    <>
      <strong className="name">{item.name || t(numbered, item.id)}</strong>
      {'type' in item && item.type && <span className="tag">{valueWord('overlay', item.type)}</span>}
      {item.date && <span className="muted">{dateText(item.date)}</span>}
    </>
  );
}

/** CTA overlays: every overlay by name, with its type (any type the service sends) and date. */
export function OverlaysSection() {
  return (
    <ListSection
      name="overlays"
      texts={{
        refresh: 'optionsRefreshOverlays',
        one: 'optionsCountOverlayOne',
        many: 'optionsCountOverlayMany',
        empty: 'optionsNoOverlays',
      }}
      item={{ key: (o) => o.id, label: (o) => o.name, view: namedItem('optionsOverlayNumbered') }}
    />
  );
}

/** Splash pages: every custom splash page by name, with its date. */
export function SplashSection() {
  return (
    <ListSection
      name="splash"
      texts={{ refresh: 'optionsRefreshSplash', one: 'optionsCountSplashOne', many: 'optionsCountSplashMany', empty: 'optionsNoSplash' }}
      item={{ key: (s) => s.id, label: (s) => s.name, view: namedItem('optionsSplashNumbered') }}
    />
  );
}
