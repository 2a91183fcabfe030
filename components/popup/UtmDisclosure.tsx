import { usePopup } from './PopupContext';
import { lazyPart } from './lazyPart';
import { UTM_PANEL_ID } from './ids';
import { t } from '@/lib/i18n';

// The fields come with their own chunk when the disclosure first opens.
const UtmFields = lazyPart(() => import('./UtmFields').then((m) => m.UtmFields));

/** The disclosure "UTM": a button that opens the UTM fields and the preset. */
export function UtmDisclosure() {
  const open = usePopup((s) => s.utm.open);
  const toggle = usePopup((s) => s.toggleUtm);
  const busy = usePopup((s) => s.busy);
  return (
    <div className="utm">
      <button type="button" className="disclosure" aria-expanded={open} aria-controls={UTM_PANEL_ID} disabled={busy} onClick={toggle}>
        <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
        {t('popupUtm')}
      </button>
      {open && <UtmFields />}
    </div>
  );
}
