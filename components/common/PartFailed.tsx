import { t } from '@/lib/i18n';

/** A part that failed, in its place: one sentence saying so, "Try again" (that part) and "Reload page". */
export function PartFailed({ retry }: { retry: () => void }) {
  return (
    <div className="part-failed">
      <p role="alert">{t('partFailed')}</p>
      <div className="row">
        <button type="button" onClick={retry}>
          {t('partTryAgain')}
        </button>
        <button type="button" onClick={() => location.reload()}>
          {t('partReloadPage')}
        </button>
      </div>
    </div>
  );
}
