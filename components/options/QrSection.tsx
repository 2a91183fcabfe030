import { useId, useState } from 'react';
import type { Qr, QrDetail } from '@/lib/api';
import type { Mutation } from '@/lib/messaging';
import { safeHref } from '@/lib/ui/optionsForms';
import type { ListState } from '@/lib/ui/optionsStore';
import { ListStatus, plural } from './ListStatus';
import { ManagedItem } from './ManagedItem';
import { QrForm } from './QrForm';
import { QrStats } from './QrStats';
import { Section } from './Section';
import { t } from '@/lib/i18n';

export interface QrProps {
  list: ListState<Qr>;
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
  loadDetail: (id: number) => Promise<QrDetail>;
}

const qrTitle = (q: Qr) => q.name || t('optionsQrNumbered', q.id);
const qrLabel = (q: Qr) => t('optionsQrLabel', q.name || `#${q.id}`);

/** QR codes: every QR code with its scans; create (a form per type), edit, delete, statistics. */
export function QrSection({ list, onRefresh, onMutate, loadDetail }: QrProps) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <Section id="qr-codes" title={t('optionsQrTitle')}>
      <ListStatus state={list} refreshLabel={t('optionsRefreshQrs')} count={plural('optionsCountQrOne', 'optionsCountQrMany')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">{t('optionsNoQrs')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label={t('optionsQrTitle')}>
          {list.items.map((q) => (
            <QrRow key={q.id} qr={q} onMutate={onMutate} loadDetail={loadDetail} onDeleted={setNote} />
          ))}
        </ul>
      )}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>
      <QrForm
        formLabel={t('optionsNewQr')}
        submitLabel={t('optionsCreateQr')}
        resetOnSuccess
        onSubmit={async (args) => {
          await onMutate({ op: 'addQr', args: [args] });
          return t('optionsQrCreated');
        }}
      />
    </Section>
  );
}

/** One QR code: name, scans, date, its link; Statistics, Edit, Delete. */
function QrRow({
  qr,
  onMutate,
  loadDetail,
  onDeleted,
}: {
  qr: Qr;
  onMutate: QrProps['onMutate'];
  loadDetail: QrProps['loadDetail'];
  onDeleted: (note: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const link = safeHref(qr.link);
  return (
    <ManagedItem
      deletedNote={t('optionsDeletedQr')}
      label={qrLabel(qr)}
      view={
        <div className="row">
          <strong className="name">{qrTitle(qr)}</strong>
          <span className="tag">
            {t(qr.scans === 1 ? 'optionsScansOne' : 'optionsScansMany', qr.scans)}
          </span>
          {qr.date && <span className="muted">{qr.date}</span>}
          {link && (
            <a href={link} target="_blank" rel="noopener noreferrer" className="ellipsis">
              {link}
            </a>
          )}
        </div>
      }
      extraButtons={
        <button type="button" aria-expanded={open} aria-controls={panel} aria-label={t('optionsStatisticsOf', qrLabel(qr))} onClick={() => setOpen((o) => !o)}>
          {t('optionsStatistics')}
        </button>
      }
      renderEdit={(close) => (
        <QrForm
          formLabel={t('optionsEditItem', qrLabel(qr))}
          submitLabel={t('optionsUpdateQr')}
          hint={t('optionsQrEditHint')}
          onCancel={close}
          onSubmit={async (args) => {
            await onMutate({ op: 'updateQr', args: [qr.id, args] });
            close();
          }}
        />
      )}
      deleteQuestion={t('optionsDeleteQuestion', qrLabel(qr))}
      onDelete={() => onMutate({ op: 'deleteQr', args: [qr.id] })}
      onDeleted={onDeleted}
    >
      {open && (
        <div id={panel} className="panel" role="region" aria-label={t('optionsStatisticsOf', qrLabel(qr))}>
          <QrStats id={qr.id} load={loadDetail} />
        </div>
      )}
    </ManagedItem>
  );
}
