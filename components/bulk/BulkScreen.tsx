import { t } from '@/lib/i18n';
import { isRunning } from '@/lib/ui/bulk/run';
import { useBulk } from './BulkContext';
import { AddressesField } from './AddressesField';
import { BulkChoices } from './BulkChoices';
import { BulkAccount } from './BulkAccount';
import { BulkProgress } from './BulkProgress';
import { BulkRows } from './BulkRows';
import { BulkResults } from './BulkResults';
import { StorageNotice } from '@/components/common/StorageNotice';
import { formatCount } from '@/lib/i18n/format';
import './bulk.css';

/** The whole bulk page: the addresses, the choices, "Shorten all", then the run and its results. */
export function BulkScreen() {
  const connection = useBulk((s) => s.connection);
  const alert = useBulk((s) => s.alert);
  const status = useBulk((s) => s.status);
  const openOptions = useBulk((s) => s.openOptions);
  const running = useBulk((s) => isRunning(s.view?.batch));
  const starting = useBulk((s) => s.starting);
  const switching = useBulk((s) => s.accounts.switchingTo !== null);
  const hasBatch = useBulk((s) => !!s.view);
  const start = useBulk((s) => s.start);
  const notices = useBulk((s) => s.storageNotices);
  const historyLimit = useBulk((s) => s.settings?.historyLimit);
  const privateWindow = useBulk((s) => s.privateWindow);
  if (connection === 'disconnected') {
    return (
      <main className="bulk">
        <h1>{t('bulkHeading')}</h1>
        <StorageNotice names={notices} />
        <BulkAccount />
        <div role="alert">
          <p>{t('bulkNotConnected')}</p>
          <button type="button" onClick={openOptions}>
            {t('bulkOpenOptions')}
          </button>
        </div>
      </main>
    );
  }
  // While another account is being chosen, nothing is sent with either.
  const busy = running || starting || switching;
  return (
    <main className="bulk">
      <h1>{t('bulkHeading')}</h1>
      {privateWindow && <p className="note">{t('bulkPrivateNote')}</p>}
      <StorageNotice names={notices} />
      <BulkAccount />
      <form
        aria-label={t('bulkHeading')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <AddressesField disabled={busy} />
        <BulkChoices disabled={busy} />
        <div className="bulk-actions row">
          <button type="submit" className="primary" disabled={busy} aria-describedby={running ? 'bulk-running-note' : undefined}>
            {t('bulkShortenAll')}
          </button>
          {running && (
            <span id="bulk-running-note" className="muted">
              {t('bulkRunningNote')}
            </span>
          )}
        </div>
        {historyLimit && <p className="muted">{t('bulkHistoryKept', formatCount(historyLimit))}</p>}
      </form>
      <div aria-live="assertive">{alert && <p role="alert">{alert}</p>}</div>
      <p role="status">{status}</p>
      {hasBatch && (
        <section aria-labelledby="bulk-results-heading">
          <h2 id="bulk-results-heading">{t('bulkResultsHeading')}</h2>
          <BulkProgress />
          <BulkResults />
          <BulkRows />
        </section>
      )}
    </main>
  );
}
