import { useEffect, useId, useRef, useState } from 'react';
import type { ConnectionSummary } from '@/lib/messaging';
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { checkConnectionName } from '@/lib/ui/options/connectionInput';
import { richText } from '@/components/common/rich';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { TextField } from './fields';
import { Feedback } from './Feedback';
import { FormCard } from './FormCard';
import { useOptions } from './OptionsContext';
import { useAction } from './useAction';
import { useSubmit } from './useSubmit';

const WAITING = { one: 'optionsConnectionWaitingOne', other: 'optionsConnectionWaitingMany' } as const;
const WILL_END = { one: 'optionsForgetConnectionWaitingOne', other: 'optionsForgetConnectionWaitingMany' } as const;
const ENDED = { one: 'optionsConnectionForgottenEndedOne', other: 'optionsConnectionForgottenEndedMany' } as const;

/**
 * One saved connection: its name, service URL, masked key, "Current" and its waiting links;
 * Use (another one), Rename (inline) and Forget (confirmed inline, naming the links it ends).
 * `onDone` tells the section what a press did; `onGone` that the item left the list.
 */
export function ConnectionItem({
  connection: c,
  onDone,
  onGone,
}: {
  connection: ConnectionSummary;
  onDone: (note: string | null) => void;
  onGone: () => void;
}) {
  const switchConnection = useOptions((s) => s.switchConnection);
  const forgetConnection = useOptions((s) => s.forgetConnection);
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [refocus, setRefocus] = useState<'rename' | 'forget' | null>(null);
  const renameBtn = useRef<HTMLButtonElement>(null);
  const forgetBtn = useRef<HTMLButtonElement>(null);
  const action = useAction();
  // Use, Rename and Forget keep their words; their description names the connection they act on.
  const nameId = useId();

  // Back in view (or made current, its Use gone), focus goes to the item's own button.
  useEffect(() => {
    if (mode !== 'view' || !refocus) return;
    (refocus === 'rename' ? renameBtn : forgetBtn).current?.focus();
    setRefocus(null);
  }, [mode, refocus]);

  async function use() {
    onDone(null);
    const ok = await action.run(() => switchConnection(c.fingerprint));
    if (ok) {
      onDone(t('optionsConnectionInUse', c.name));
      setRefocus('rename');
    }
  }

  async function forget() {
    onDone(null);
    const ok = await action.run(async () => {
      const ended = await forgetConnection(c.fingerprint);
      onDone(ended > 0 ? tCount(ENDED, ended, [c.name, ended]) : t('optionsConnectionForgotten', c.name));
    });
    if (ok) onGone();
    else {
      setMode('view');
      setRefocus('forget');
    }
  }

  const view = (
    <div className="item-main">
      <div className="row">
        <strong className="name" id={nameId}>
          {c.name}
        </strong>
        {c.current && <span className="tag current">{t('optionsConnectionCurrent')}</span>}
        {c.waiting > 0 && <span className="tag">{tCount(WAITING, c.waiting)}</span>}
      </div>
      <p className="description">{c.serviceUrl}</p>
      <p className="description">{richText('optionsSavedKey', <span className="masked">••••{c.keyHint}</span>)}</p>
    </div>
  );

  return (
    <li className="item" aria-current={c.current || undefined}>
      {mode === 'rename' ? (
        <RenameForm
          connection={c}
          onClose={(note) => {
            setMode('view');
            setRefocus('rename');
            if (note) onDone(note);
          }}
        />
      ) : (
        <>
          {view}
          {mode === 'confirm' ? (
            <ConfirmInline
              question={
                c.waiting > 0
                  ? `${t('optionsForgetConnectionQuestion', c.name)} ${tCount(WILL_END, c.waiting)}`
                  : t('optionsForgetConnectionQuestion', c.name)
              }
              confirmLabel={t('optionsYesForgetConnection')}
              busy={action.busy}
              onConfirm={() => void forget()}
              onCancel={() => {
                setMode('view');
                setRefocus('forget');
              }}
            />
          ) : (
            <div className="row item-actions">
              {!c.current && (
                <button type="button" aria-describedby={nameId} onClick={() => void use()}>
                  {t('optionsConnectionUse')}
                </button>
              )}
              <button type="button" ref={renameBtn} aria-describedby={nameId} onClick={() => (action.clear(), setMode('rename'))}>
                {t('optionsConnectionRename')}
              </button>
              <button
                type="button"
                ref={forgetBtn}
                className="danger"
                aria-describedby={nameId}
                onClick={() => (action.clear(), setMode('confirm'))}
              >
                {t('optionsConnectionForget')}
              </button>
            </div>
          )}
          <Feedback error={action.error} busy={action.busy} />
        </>
      )}
    </li>
  );
}

/** The inline "Connection name" field of one connection, with Save name and Cancel. */
function RenameForm({ connection: c, onClose }: { connection: ConnectionSummary; onClose: (note?: string) => void }) {
  const renameConnection = useOptions((s) => s.renameConnection);
  const [name, setName] = useState(c.name);
  const id = useId();
  const submit = useSubmit({
    check: () => checkConnectionName(name),
    run: async (newName) => {
      const shown = await renameConnection(c.fingerprint, newName);
      onClose(t('optionsConnectionRenamed', shown));
    },
  });
  // The opened field takes the focus, its name selected to be typed over.
  useEffect(() => {
    const field = submit.form.current?.querySelector('input');
    field?.focus();
    field?.select();
  }, [submit.form]);
  return (
    <FormCard
      label={t('optionsRenameConnectionLabel', c.name)}
      submit={submit}
      submitLabel={t('optionsConnectionSaveName')}
      onCancel={() => onClose()}
    >
      <TextField id={id} name="name" label={t('optionsConnectionName')} autoComplete="off" value={name} onChange={setName} />
    </FormCard>
  );
}
