import { useEffect, useRef, useState } from 'react';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';
import type { RequestPermission } from '@/lib/ui/options/connectionInput';
import { AddConnectionForm } from './AddConnectionForm';
import { ConnectionItem } from './ConnectionItem';
import { useOptions } from './OptionsContext';
import { useSectionTitle } from './Section';

/**
 * Connections: every saved connection (the current one first) with Use, Rename and Forget, a
 * live note saying what the last press did, and "Add connection" (docs/ARCHITECTURE.md, "Several connections on the options page").
 */
export function ConnectionsSection({ requestPermission }: { requestPermission: RequestPermission }) {
  const connections = useOptions((s) => s.connections);
  const title = useSectionTitle();
  const [note, setNote] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [refocusAdd, setRefocusAdd] = useState(false);
  const addBtn = useRef<HTMLButtonElement>(null);
  const list = connections.value ?? [];

  // Back from the form, or after the item that had the focus left the list: "Add connection" takes it.
  useEffect(() => {
    if (!refocusAdd || adding) return;
    addBtn.current?.focus();
    setRefocusAdd(false);
  }, [refocusAdd, adding]);

  return (
    <>
      {connections.error && <p role="alert">{t('optionsConnectionsNotLoaded', errorSentence(connections.error, 'options'))}</p>}
      {list.length > 0 && (
        <ul className="items" aria-label={title}>
          {list.map((c) => (
            <ConnectionItem key={c.fingerprint} connection={c} onDone={setNote} onGone={() => setRefocusAdd(true)} />
          ))}
        </ul>
      )}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>
      {adding ? (
        <AddConnectionForm
          requestPermission={requestPermission}
          onClose={(added) => {
            setAdding(false);
            setRefocusAdd(true);
            if (added) setNote(added);
          }}
        />
      ) : (
        <button
          type="button"
          ref={addBtn}
          onClick={() => {
            setNote(null);
            setAdding(true);
          }}
        >
          {t('optionsAddConnection')}
        </button>
      )}
    </>
  );
}
