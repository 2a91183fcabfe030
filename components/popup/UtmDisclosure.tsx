import { usePopup } from './PopupContext';
import { lazyPart } from './lazyPart';
import { UTM_PANEL_ID } from './ids';
import { t } from '@/lib/i18n';

// The fields come with their own chunk when the disclosure first opens.
const UtmFields = lazyPart(() => import('./UtmFields').then((m) => m.UtmFields));

/** The disclosure "UTM": a button that opens the UTM fields and the preset; says which of the address's own utm_* the fields replace. */
export function UtmDisclosure() {
  const open = usePopup((s) => s.utm.open);
  const toggle = usePopup((s) => s.toggleUtm);
  const busy = usePopup((s) => s.busy);
  const replaced = usePopup((s) => s.utm.replaced);
  return (
    <div className="utm">
      <button type="button" className="disclosure" aria-expanded={open} aria-controls={UTM_PANEL_ID} disabled={busy} onClick={toggle}>
        <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
        {t('popupUtm')}
      </button>
      {replaced.length > 0 && (
        <p className="hint" role="status">
          {t('popupUtmReplaced', replaced.join(', '))}
        </p>
      )}
      {open && <UtmFields />}
    </div>
  );
}
