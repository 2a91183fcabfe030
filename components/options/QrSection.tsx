import { useEffect, useRef } from 'react';
import type { Qr } from '@/lib/api';
import { safeHref } from '@/lib/ui/options/forms';
import { ListSection } from './ListSection';
import { useOptions } from './OptionsContext';
import { QrForm, qrLabel } from './QrForm';
import { QrStats } from './QrStats';
import { qrStatsTarget } from '@/lib/ui/trackedQr';
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { dateText } from '@/lib/i18n/date';
import { valueWord } from '@/lib/ui/options/valueWords';

/** A QR code: name, its type when the service tells it, scans, date and its link. */
function QrView({ qr }: { qr: Qr }) {
  const link = safeHref(qr.link);
  return (
    <div className="row">
      <strong className="name">{qr.name || t('optionsQrNumbered', qr.id)}</strong>
      {qr.type && <span className="tag">{valueWord('qr', qr.type)}</span>}
      <span className="tag">{tCount({ one: 'optionsScansOne', other: 'optionsScansMany' }, qr.scans)}</span>
      {qr.date && <span className="muted">{dateText(qr.date)}</span>}
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer" className="ellipsis">
          {link}
        </a>
      )}
    </div>
  );
}

/** The statistics of the QR code the page was opened for ("Open statistics" of a tracked QR code: #qr-stats-<id>). */
function LinkedQrStats({ id }: { id: number }) {
  const loadDetail = useOptions((s) => s.qrDetail);
  const qr = useOptions((s) => s.lists.qrs.items?.find((q) => q.id === id));
  const label = qr ? qrLabel(qr) : t('optionsQrNumbered', id);
  const region = useRef<HTMLElement>(null);
  // A block, not an expression: some browsers answer scrollIntoView with a Promise, which React would call as the cleanup.
  useEffect(() => {
    region.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section className="card linked-stats" aria-label={t('optionsStatisticsOf', label)} ref={region}>
      <h3>{t('optionsStatisticsOf', label)}</h3>
      <QrStats id={id} scans={qr?.scans ?? 0} load={loadDetail} />
    </section>
  );
}

/** QR codes: every QR code with its scans; create (a form per type), edit, delete, statistics. */
export function QrSection() {
  const loadDetail = useOptions((s) => s.qrDetail);
  const linked = qrStatsTarget(window.location.hash);
  return (
    <>
      {linked !== null && <LinkedQrStats id={linked} />}
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
    </>
  );
}
