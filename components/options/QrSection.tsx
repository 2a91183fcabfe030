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

export interface QrProps {
  list: ListState<Qr>;
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
  loadDetail: (id: number) => Promise<QrDetail>;
}

const qrTitle = (q: Qr) => q.name || `QR code #${q.id}`;
const qrLabel = (q: Qr) => (q.name ? `QR code ${q.name}` : `QR code #${q.id}`);

/** QR codes: every QR code with its scans; create (a form per type), edit, delete, statistics. */
export function QrSection({ list, onRefresh, onMutate, loadDetail }: QrProps) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <Section id="qr-codes" title="QR codes">
      <ListStatus state={list} title="QR codes" count={plural('QR code', 'QR codes')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">No QR codes yet.</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label="QR codes">
          {list.items.map((q) => (
            <QrRow key={q.id} qr={q} onMutate={onMutate} loadDetail={loadDetail} onDeleted={setNote} />
          ))}
        </ul>
      )}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>
      <QrForm
        formLabel="New QR code"
        submitLabel="Create QR code"
        resetOnSuccess
        onSubmit={async (args) => {
          await onMutate({ op: 'addQr', args: [args] });
          return 'QR code created.';
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
      kind="QR code"
      label={qrLabel(qr)}
      view={
        <div className="row">
          <strong className="name">{qrTitle(qr)}</strong>
          <span className="tag">
            {qr.scans} {qr.scans === 1 ? 'scan' : 'scans'}
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
        <button type="button" aria-expanded={open} aria-controls={panel} aria-label={`Statistics of ${qrLabel(qr)}`} onClick={() => setOpen((o) => !o)}>
          Statistics
        </button>
      }
      renderEdit={(close) => (
        <QrForm
          formLabel={`Edit ${qrLabel(qr)}`}
          submitLabel="Update QR code"
          hint="The service does not send a QR code's content back: enter the content to encode again."
          onCancel={close}
          onSubmit={async (args) => {
            await onMutate({ op: 'updateQr', args: [qr.id, args] });
            close();
          }}
        />
      )}
      deleteQuestion={`Delete ${qrLabel(qr)}?`}
      onDelete={() => onMutate({ op: 'deleteQr', args: [qr.id] })}
      onDeleted={onDeleted}
    >
      {open && (
        <div id={panel} className="panel" role="region" aria-label={`Statistics of ${qrLabel(qr)}`}>
          <QrStats id={qr.id} load={loadDetail} />
        </div>
      )}
    </ManagedItem>
  );
}
