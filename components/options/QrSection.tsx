import type { Qr } from '@/lib/api';
import { safeHref } from '@/lib/ui/options/forms';
import { ListSection } from './ListSection';
import { useOptions } from './OptionsContext';
import { QrForm, qrLabel } from './QrForm';
import { QrStats } from './QrStats';
import { t, tCount } from '@/lib/i18n';

/** A QR code: name, scans, date and its link. */
function QrView({ qr }: { qr: Qr }) {
  const link = safeHref(qr.link);
  return (
    <div className="row">
      <strong className="name">{qr.name || t('optionsQrNumbered', qr.id)}</strong>
      <span className="tag">{tCount({ one: 'optionsScansOne', other: 'optionsScansMany' }, qr.scans)}</span>
      {qr.date && <span className="muted">{qr.date}</span>}
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer" className="ellipsis">
          {link}
        </a>
      )}
    </div>
  );
}

/** QR codes: every QR code with its scans; create (a form per type), edit, delete, statistics. */
export function QrSection() {
  const loadDetail = useOptions((s) => s.qrDetail);
  return (
    <ListSection
      name="qrs"
      texts={{ refresh: 'optionsRefreshQrs', one: 'optionsCountQrOne', many: 'optionsCountQrMany', empty: 'optionsNoQrs' }}
      item={{
        key: (q) => q.id,
        label: qrLabel,
        view: (q) => <QrView qr={q} />,
        Form: QrForm,
        remove: (q) => ({ op: 'deleteQr', args: [q.id] }),
        deletedNote: 'optionsDeletedQr',
        details: (q) => ({
          button: t('optionsStatistics'),
          name: t('optionsStatisticsOf', qrLabel(q)),
          region: true,
          render: () => <QrStats id={q.id} scans={q.scans} load={loadDetail} />,
        }),
      }}
    />
  );
}
