import { t } from '@/lib/i18n';
import { useBulk } from './BulkContext';
import { AddressesField } from './AddressesField';
import { BulkChoices } from './BulkChoices';
import './bulk.css';

/** The whole bulk page: the addresses, the choices, then the run and its results. */
export function BulkScreen() {
  const connection = useBulk((s) => s.connection);
  const alert = useBulk((s) => s.alert);
  const status = useBulk((s) => s.status);
  const openOptions = useBulk((s) => s.openOptions);
  return (
    <main className="bulk">
      <h1>{t('bulkHeading')}</h1>
      {connection === 'disconnected' ? (
        <div role="alert">
          <p>{t('bulkNotConnected')}</p>
          <button type="button" onClick={openOptions}>
            {t('bulkOpenOptions')}
          </button>
        </div>
      ) : (
        <>
          <AddressesField disabled={false} />
          <BulkChoices disabled={false} />
          <div aria-live="assertive">{alert && <p role="alert">{alert}</p>}</div>
          <p role="status">{status}</p>
        </>
      )}
    </main>
  );
}
