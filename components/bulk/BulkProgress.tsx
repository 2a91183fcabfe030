import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { stoppedText } from '@/lib/ui/bulk/run';
import { useBulk } from './BulkContext';

/** The progress bar (role progressbar with its value), the line "N of M made", and "Cancelled: …" for a run cancelled halfway (a warning, not a success: from the stored batch, so it stays after a reload). */
export function BulkProgress() {
  const items = useBulk((s) => s.view?.batch.items);
  const stopped = useBulk((s) => stoppedText(s.view?.batch));
  if (!items) return null;
  const total = items.length;
  const made = items.filter((it) => it.state === 'made' || it.state === 'reused').length;
  const line = tCount({ one: 'bulkProgressOne', other: 'bulkProgressMany' }, total, [made, total]);
  return (
    <div className="bulk-progress">
      <div
        role="progressbar"
        aria-label={t('bulkProgressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={made}
        aria-valuetext={line}
        className="bulk-bar"
      >
        <div className="bulk-bar-fill" style={{ width: `${total ? (100 * made) / total : 0}%` }} />
      </div>
      <p className="bulk-count">{line}</p>
      {stopped && (
        <p role="status" className="bulk-stopped">
          {stopped}
        </p>
      )}
    </div>
  );
}
