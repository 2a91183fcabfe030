import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { Feedback } from './Feedback';
import { useAction } from './useAction';
import { t } from '@/lib/i18n';

export interface ManagedItemProps {
  /** Names the item in button labels: "channel Spring launch" → "Edit channel Spring launch". */
  label: string;
  /** The note after a delete ("Channel deleted."); the name is not repeated: it has left the list. */
  deletedNote?: string;
  /** The item as shown. */
  view: ReactNode;
  /** The edit form; `close` returns to the view (after an update, with its note, or Cancel). Omit when not editable. */
  renderEdit?: (close: (note?: string) => void) => ReactNode;
  /** The delete question (with its consequences). Omit when not deletable. */
  deleteQuestion?: string;
  onDelete?: () => Promise<unknown>;
  /** Told after a successful delete (the item leaves the list, so the section shows the note). */
  onDeleted?: (note: string) => void;
  /** Told after an update closed the edit form (its note goes with the form, so the section shows it). */
  onSaved?: (note: string) => void;
  /** A button that opens details under the item (a channel's items, a QR code's statistics). */
  details?: ItemDetails;
  /** More buttons beside Edit and Delete (Move up, Move down). */
  actions?: ReactNode;
}

export interface ItemDetails {
  /** The button's text ("Items") and its accessible name ("Items of channel Spring launch"). */
  button: string;
  name: string;
  /** Whether the open details are a named region. */
  region?: boolean;
  render: () => ReactNode;
}

/** One item of a managed list: its view, Edit and Delete buttons, the edit form and the delete confirmation. */
export function ManagedItem({
  label,
  deletedNote,
  view,
  renderEdit,
  deleteQuestion,
  onDelete,
  onDeleted,
  onSaved,
  details,
  actions,
}: ManagedItemProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [open, setOpen] = useState(false);
  const panel = useId();
  const [refocus, setRefocus] = useState<'edit' | 'delete' | null>(null);
  const editBtn = useRef<HTMLButtonElement>(null);
  const deleteBtn = useRef<HTMLButtonElement>(null);
  const action = useAction();
  const item = useRef<HTMLLIElement>(null);

  // An opened edit form takes the focus on its first field.
  useEffect(() => {
    if (mode === 'edit') item.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
  }, [mode]);

  // Back in view mode, focus returns to the button that left it.
  useEffect(() => {
    if (mode !== 'view' || !refocus) return;
    (refocus === 'edit' ? editBtn : deleteBtn).current?.focus();
    setRefocus(null);
  }, [mode, refocus]);

  async function remove() {
    if (!onDelete) return;
    const ok = await action.run(async () => {
      await onDelete();
    });
    if (ok) onDeleted?.(deletedNote ?? t('optionsDeletedItem'));
    else {
      setMode('view');
      setRefocus('delete');
    }
  }

  return (
    <li className="item" ref={item}>
      {mode === 'edit' && renderEdit ? (
        renderEdit((note) => {
          setMode('view');
          setRefocus('edit');
          // An update closes with its note; Cancel without one.
          if (note) onSaved?.(note);
        })
      ) : (
        <>
          <div className="item-main">{view}</div>
          {mode === 'confirm' && deleteQuestion ? (
            <ConfirmInline
              question={deleteQuestion}
              confirmLabel={t('optionsYesDelete')}
              confirmAria={t('optionsYesDeleteItem', label)}
              cancelAria={t('optionsNoKeepItem', label)}
              busy={action.busy}
              onConfirm={() => void remove()}
              onCancel={() => {
                setMode('view');
                setRefocus('delete');
              }}
            />
          ) : (
            <div className="row item-actions">
              {actions}
              {details && (
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={panel}
                  aria-label={details.name}
                  onClick={() => setOpen((o) => !o)}
                >
                  {details.button}
                </button>
              )}
              {renderEdit && (
                <button
                  type="button"
                  ref={editBtn}
                  onClick={() => (action.clear(), setMode('edit'))}
                  aria-label={t('optionsEditItem', label)}
                >
                  {t('commonEdit')}
                </button>
              )}
              {deleteQuestion && onDelete && (
                <button
                  type="button"
                  ref={deleteBtn}
                  className="danger"
                  onClick={() => (action.clear(), setMode('confirm'))}
                  aria-label={t('optionsDeleteItem', label)}
                >
                  {t('commonDelete')}
                </button>
              )}
            </div>
          )}
          <Feedback error={action.error} busy={action.busy} />
        </>
      )}
      {details && open && (
        <div
          id={panel}
          className="panel"
          role={details.region ? 'region' : undefined}
          aria-label={details.region ? details.name : undefined}
        >
          {details.render()}
        </div>
      )}
    </li>
  );
}
