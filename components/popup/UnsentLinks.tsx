import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/** Links not sent because the API key changed: named, with the way to make them with the current account. */
export function UnsentLinks() {
  const unsent = usePopup((s) => s.unsent);
  const busy = usePopup((s) => s.busy);
  const remake = usePopup((s) => s.waitingActions.remakeUnsent);
  const dismiss = usePopup((s) => s.waitingActions.dismissUnsent);
  if (unsent.length === 0) return null;
  return (
    <section className="notice" aria-labelledby="unsent-heading">
      <h2 id="unsent-heading">{t('popupUnsentHeading')}</h2>
      <ul className="unsent-list">
        {unsent.map((u) => (
          <li key={u.id} className="mono">
            {u.args.url}
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => void remake()}>
          {t('popupUnsentMake')}
        </button>
        <button type="button" onClick={() => void dismiss()}>
          {t('popupUnsentDismiss')}
        </button>
      </div>
    </section>
  );
}
