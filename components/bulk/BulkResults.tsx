import { BULK_COPY_FORMATS, isBulkCopyFormat } from '@/lib/bulk/formats';
import { isRunning } from '@/lib/ui/bulk/run';
import { t, type MessageKey } from '@/lib/i18n';
import { useBulk } from './BulkContext';

const FORMAT_NAMES: Record<(typeof BULK_COPY_FORMATS)[number], MessageKey> = {
  list: 'bulkFormatList',
  markdown: 'bulkFormatMarkdown',
  csv: 'bulkFormatCsv',
};

/** The keyboard to the empty Addresses field of a new batch (once it is drawn enabled). */
const focusAddresses = () => setTimeout(() => document.getElementById('bulk-addresses')?.focus(), 0);

/** "Cancel" while rows wait; "Copy all" with "Copy as", "Download CSV"; "New batch" once done. */
export function BulkResults() {
  const view = useBulk((s) => s.view);
  const copyFormat = useBulk((s) => s.copyFormat);
  const setCopyFormat = useBulk((s) => s.setCopyFormat);
  const copyAll = useBulk((s) => s.copyAll);
  const downloadCsv = useBulk((s) => s.downloadCsv);
  const cancel = useBulk((s) => s.cancel);
  const newBatch = useBulk((s) => s.newBatch);
  if (!view) return null;
  const running = isRunning(view.batch);
  return (
    <div className="bulk-results row">
      {running && (
        <button type="button" className="danger" onClick={() => void cancel()}>
          {t('bulkCancel')}
        </button>
      )}
      <button type="button" onClick={() => void copyAll()}>
        {t('bulkCopyAll')}
      </button>
      <label htmlFor="bulk-copy-as">{t('bulkCopyAs')}</label>
      <select id="bulk-copy-as" value={copyFormat} onChange={(e) => isBulkCopyFormat(e.target.value) && setCopyFormat(e.target.value)}>
        {BULK_COPY_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(FORMAT_NAMES[f])}
          </option>
        ))}
      </select>
      <button type="button" onClick={downloadCsv}>
        {t('bulkDownloadCsv')}
      </button>
      {!running && (
        <button type="button" onClick={() => void newBatch().then((done) => done && focusAddresses())}>
          {t('bulkNewBatch')}
        </button>
      )}
    </div>
  );
}
