import { useEffect, useId, useRef, useState } from 'react';
import { errorSentence } from '@/lib/i18n/errorText';
import { checkServiceUrlInput } from '@/lib/ui/options/text';
import {
  checkConnectionInput,
  connectionFailureText,
  permitOrigin,
  SERVICE_URL_FIELD,
  type RequestPermission,
} from '@/lib/ui/options/connectionInput';
import { pageWideError } from '@/lib/ui/options/store';
import { AccountFacts } from './AccountSection';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { Feedback } from './Feedback';
import { useOptions } from './OptionsContext';
import { useSubmit } from './useSubmit';
import { t } from '@/lib/i18n';
import { richText } from '@/components/common/rich';
import { ManagedNote, useManaged } from './Managed';

export type { RequestPermission };

/** Connection: its name, service URL and API key, checked, permitted, verified, then shown masked. */
export function ConnectionSection({ requestPermission }: { requestPermission: RequestPermission }) {
  const connection = useOptions((s) => s.connection);
  const saveConnection = useOptions((s) => s.saveConnection);
  const forgetKey = useOptions((s) => s.forgetKey);
  const savedUrl = connection?.serviceUrl ?? null;
  const savedName = connection?.name ?? '';
  const keyHint = connection?.keyHint ?? null;
  // A very short key has an empty hint: a key is saved all the same.
  const hasKey = keyHint !== null;
  const [name, setName] = useState(savedName);
  const [url, setUrl] = useState(savedUrl ?? '');
  const [key, setKey] = useState('');
  const [replacing, setReplacing] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);
  const sentTo = useRef('');
  const forgetBtn = useRef<HTMLButtonElement>(null);
  const [confirmForget, setConfirmForget] = useState(false);
  const keyHelp = useId();
  const urlHelp = useId();
  const urlManaged = useId();
  const nameHelp = useId();
  // The organisation may lock the service URL (the field is then disabled) or preset it.
  const managedUrl = useManaged('serviceUrl');

  // The saved URL arrives after the first render (or changes after a save): show it.
  useEffect(() => {
    if (savedUrl !== null) setUrl(savedUrl);
  }, [savedUrl]);
  useEffect(() => {
    setName(savedName);
  }, [savedName]);

  const typed = checkServiceUrlInput(url);
  const sameService = typed.ok && savedUrl !== null && typed.url === savedUrl;
  // The key is sent only to the service it was saved for: another URL needs it again.
  const keyRequired = !hasKey || !sameService || replacing;

  const submit = useSubmit({
    check: () =>
      checkConnectionInput({ name, url, key }, (typedUrl) => {
        const needKey = !hasKey || typedUrl !== savedUrl || replacing;
        return !needKey ? null : hasKey && typedUrl !== savedUrl ? 'optionsKeyAgain' : 'optionsKeyRequired';
      }),
    run: async ({ name: newName, url: serviceUrl, origin, apiKey }) => {
      sentTo.current = serviceUrl;
      // Asked first and synchronously: the browser grants it only inside the user's gesture.
      await permitOrigin(origin, requestPermission);
      // A name is sent when there is one, or to take the saved one away.
      await saveConnection(serviceUrl, apiKey || undefined, newName || savedName ? newName : undefined);
    },
    reset: () => {
      setKey('');
      setReplacing(false);
    },
    describe: (err) => connectionFailureText(err, sentTo.current),
  });
  const { action } = submit;

  function replaceKey() {
    setReplacing(true);
    setKey('');
    keyRef.current?.focus();
  }

  async function forget() {
    setConfirmForget(false);
    const ok = await action.run(async () => {
      await forgetKey();
      setReplacing(false);
      return t('optionsKeyForgotten');
    });
    if (ok) keyRef.current?.focus(); // the Forget key button is gone
  }

  return (
    <>
      <form
        ref={submit.form}
        className="stack"
        onSubmit={submit.onSubmit}
        onInput={submit.onInput}
        noValidate
        aria-label={t('optionsConnectionFormLabel')}
      >
        <label htmlFor="connection-name">{t('optionsConnectionName')}</label>
        <input
          id="connection-name"
          name="name"
          autoComplete="off"
          aria-describedby={nameHelp}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <p id={nameHelp} className="muted">
          {t('optionsConnectionNameHelp')}
        </p>

        <label htmlFor="service-url">{t('optionsServiceUrl')}</label>
        <input
          id="service-url"
          name="serviceUrl"
          {...SERVICE_URL_FIELD}
          aria-describedby={managedUrl.preset ? `${urlHelp} ${urlManaged}` : urlHelp}
          disabled={managedUrl.locked}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <p id={urlHelp} className="muted">
          {t('optionsServiceUrlHelp')}
        </p>
        <ManagedNote name="serviceUrl" id={urlManaged} />

        <label htmlFor="api-key">{t('optionsApiKey')}</label>
        <input
          id="api-key"
          ref={keyRef}
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-required={keyRequired}
          aria-describedby={keyHelp}
          placeholder={hasKey && !keyRequired ? t('optionsKeyKeepPlaceholder') : ''}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <p id={keyHelp} className="muted">
          {hasKey && !keyRequired
            ? t('optionsKeySavedHelp')
            : hasKey && !sameService
              ? t('optionsKeyRequiredOtherService')
              : t('optionsKeyRequiredHelp')}
        </p>

        <div className="row">
          <button type="submit" className="primary" aria-busy={action.busy}>
            {t('optionsSave')}
          </button>
        </div>
      </form>

      {hasKey && (
        <div className="row key-saved">
          <span>{richText('optionsSavedKey', <span className="masked">••••{keyHint}</span>)}</span>
          <button type="button" onClick={replaceKey}>
            {t('optionsReplaceKey')}
          </button>
          <button type="button" ref={forgetBtn} className="danger" aria-expanded={confirmForget} onClick={() => setConfirmForget(true)}>
            {t('optionsForgetKey')}
          </button>
        </div>
      )}
      {hasKey && confirmForget && (
        <ConfirmInline
          question={t('optionsForgetKeyQuestion')}
          confirmLabel={t('optionsYesForgetKey')}
          busy={action.busy}
          onConfirm={() => void forget()}
          onCancel={() => {
            setConfirmForget(false);
            forgetBtn.current?.focus();
          }}
        />
      )}

      <Feedback error={action.error} note={action.note} />
      <ConnectionStatus checking={action.busy} otherTyped={typed.ok && savedUrl !== null && typed.url !== savedUrl} />
    </>
  );
}

/** What is saved: the connection and the account's facts (or why they cannot be read), even while another address is typed. */
function ConnectionStatus({ checking, otherTyped }: { checking: boolean; otherTyped: boolean }) {
  const connection = useOptions((s) => s.connection);
  const account = useOptions((s) => s.account);
  const unreachable = useOptions(pageWideError);
  return (
    <div role="status" className="connection-status">
      {checking ? (
        <p>{t('optionsChecking')}</p>
      ) : connection?.connected && account.error?.kind === 'bad-key' ? (
        <p>{t('optionsKeyRefusedStatus', connection.serviceUrl ?? '')}</p>
      ) : connection?.connected && unreachable ? (
        <p role="alert">{t('optionsUnreachableStatus', connection.serviceUrl ?? '', errorSentence(unreachable, 'options'))}</p>
      ) : connection?.connected && !account.value && account.error ? (
        <p>{t('optionsSavedButUnreadable', connection.serviceUrl ?? '', errorSentence(account.error, 'options'))}</p>
      ) : connection?.connected ? (
        <>
          <p>{richText('optionsConnectedTo', <strong>{t('optionsConnected')}</strong>, connection.serviceUrl)}</p>
          {otherTyped && <p className="muted">{t('optionsStatusNotSavedYet')}</p>}
          {account.value ? <AccountFacts account={account.value} /> : <p className="muted">{t('optionsLoadingAccount')}</p>}
        </>
      ) : (
        <p>{t('optionsNotSetUp')}</p>
      )}
    </div>
  );
}
