import { isGrantedInManifest } from '@/lib/serviceUrl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Account, SerializedApiError } from '@/lib/api';
import type { ConnectionInfo } from '@/lib/messaging';
import { errorSentence } from '@/lib/errorText';
import { checkServiceUrlInput, permissionRefusedText } from '@/lib/ui/optionsText';
import { Section } from './Section';
import { t } from '@/lib/i18n';
import { richText } from '@/components/common/rich';

export interface ConnectionProps {
  connection: ConnectionInfo | null;
  account: Account | null;
  /** Why the account could not be read (an expired key, an unreachable service), if so. */
  accountError?: SerializedApiError | null;
  /** Asks the browser for host access to an origin; called inside the click (user gesture). */
  requestPermission: (origin: string) => Promise<boolean>;
  onSave: (serviceUrl: string, apiKey?: string) => Promise<Account>;
  onForget: () => Promise<void>;
}

/** Connection: service URL and API key, checked, permitted, verified, then shown masked. */
export function ConnectionSection({ connection, account, accountError, requestPermission, onSave, onForget }: ConnectionProps) {
  const savedUrl = connection?.serviceUrl ?? null;
  const keyHint = connection?.keyHint ?? null;
  const [url, setUrl] = useState(savedUrl ?? '');
  const [key, setKey] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const keyHelp = useId();
  const urlHelp = useId();

  // The saved URL arrives after the first render (or changes after a save): show it.
  useEffect(() => {
    if (savedUrl !== null) setUrl(savedUrl);
  }, [savedUrl]);

  const typed = checkServiceUrlInput(url);
  const sameService = typed.ok && savedUrl !== null && typed.url === savedUrl;
  // The key is sent only to the service it was saved for: another URL needs it again.
  const keyRequired = !keyHint || !sameService || replacing;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return; // a save is under way
    setError(null);
    setNote(null);
    const checked = checkServiceUrlInput(url);
    if (!checked.ok) {
      setError(checked.message);
      urlRef.current?.focus();
      return;
    }
    const apiKey = key.trim();
    const needKey = !keyHint || checked.url !== savedUrl || replacing;
    if (!apiKey && needKey) {
      setError(
        keyHint && checked.url !== savedUrl
          ? t('optionsKeyAgain')
          : t('optionsKeyRequired'),
      );
      keyRef.current?.focus();
      return;
    }
    if (/\s/.test(apiKey)) {
      setError(t('optionsKeySpaces'));
      keyRef.current?.focus();
      return;
    }
    // Asked first and synchronously: the browser grants it only inside the user's gesture.
    let permission: Promise<boolean>;
    try {
      permission = isGrantedInManifest(checked.origin) ? Promise.resolve(true) : requestPermission(checked.origin);
    } catch (err) {
      permission = Promise.reject(err);
    }
    setBusy(true);
    try {
      const granted = await permission.catch(() => false);
      if (!granted) {
        setError(permissionRefusedText(checked.origin));
        return;
      }
      await onSave(checked.url, apiKey || undefined);
      setKey('');
      setReplacing(false);
    } catch (err) {
      setError(errorSentence(err, 'connection', { serviceUrl: checked.url }));
    } finally {
      setBusy(false);
    }
  }

  function replaceKey() {
    setReplacing(true);
    setKey('');
    keyRef.current?.focus();
  }

  async function forget() {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await onForget();
      setReplacing(false);
      setNote(t('optionsKeyForgotten'));
      keyRef.current?.focus(); // the Forget key button is gone
    } catch (err) {
      setError(errorSentence(err, 'options'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="connection" title={t('optionsConnectionTitle')}>
      <form className="stack" onSubmit={submit} noValidate aria-label={t('optionsConnectionFormLabel')}>
        <label htmlFor="service-url">{t('optionsServiceUrl')}</label>
        <input
          id="service-url"
          ref={urlRef}
          name="serviceUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://links.example.com"
          aria-required="true"
          aria-describedby={urlHelp}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <p id={urlHelp} className="muted">
          {t('optionsServiceUrlHelp')}
        </p>

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
          placeholder={keyHint && !keyRequired ? t('optionsKeyKeepPlaceholder') : ''}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <p id={keyHelp} className="muted">
          {keyHint && !keyRequired
            ? t('optionsKeySavedHelp', keyHint)
            : keyHint && !sameService
              ? t('optionsKeyRequiredOtherService')
              : t('optionsKeyRequiredHelp')}
        </p>

        <div className="row">
          <button type="submit" className="primary" aria-busy={busy}>
            {t('optionsSave')}
          </button>
        </div>
      </form>

      {keyHint && (
        <div className="row key-saved">
          <span>
            {richText('optionsSavedKey', <span className="masked">••••{keyHint}</span>)}
          </span>
          <button type="button" onClick={replaceKey}>
            {t('optionsReplaceKey')}
          </button>
          <button type="button" className="danger" onClick={() => void forget()}>
            {t('optionsForgetKey')}
          </button>
        </div>
      )}

      {error && <p role="alert">{error}</p>}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>

      <div role="status" className="connection-status">
        {busy ? (
          <p>{t('optionsChecking')}</p>
        ) : connection?.connected && !account && accountError ? (
          <p>
            {t('optionsSavedButUnreadable', connection.serviceUrl ?? '', errorSentence(accountError, 'options'))}
          </p>
        ) : connection?.connected ? (
          <>
            <p>
              {richText('optionsConnectedTo', <strong>{t('optionsConnected')}</strong>, connection.serviceUrl)}
            </p>
            {account ? (
              <dl className="facts">
                <dt>{t('optionsFactEmail')}</dt>
                <dd>{account.email || '—'}</dd>
                <dt>{t('optionsFactUsername')}</dt>
                <dd>{account.username || '—'}</dd>
                <dt>{t('optionsFactPlan')}</dt>
                <dd>{account.status || '—'}</dd>
                <dt>{t('optionsFactExpires')}</dt>
                <dd>{account.expires || '—'}</dd>
              </dl>
            ) : (
              <p className="muted">{t('optionsLoadingAccount')}</p>
            )}
          </>
        ) : (
          <p>{t('optionsNotSetUp')}</p>
        )}
      </div>
    </Section>
  );
}
