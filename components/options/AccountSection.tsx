import { useRef, useState, type FormEvent } from 'react';
import type { Account, SerializedApiError } from '@/lib/api';
import { AccountUpdateInput } from '@/lib/api/inputs';
import type { Mutation } from '@/lib/messaging';
import { optional, safeHref, validate } from '@/lib/ui/optionsForms';
import { errorSentence } from '@/lib/errorText';
import { ConfirmInline } from './ConfirmInline';
import { Feedback } from './Feedback';
import { Section } from './Section';
import { focusField, useAction } from './useAction';
import { t } from '@/lib/i18n';

export interface AccountProps {
  account: { value: Account | null; loading: boolean; error: SerializedApiError | null };
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
}

/** Account: what the service knows of the account, and a confirmed update of email/password. */
export function AccountSection({ account, onRefresh, onMutate }: AccountProps) {
  const a = account.value;
  const avatar = safeHref(a?.avatar);
  const [brokenAvatar, setBrokenAvatar] = useState<string | null>(null);
  return (
    <Section id="account" title={t('optionsAccountTitle')}>
      <div className="row list-head">
        <p className="muted" aria-live="polite">
          {!a && account.loading ? t('commonLoading') : account.loading ? t('optionsAccountUpdating') : ''}
        </p>
        <button type="button" onClick={onRefresh} aria-label={t('optionsRefreshAccount')}>
          {t('commonRefresh')}
        </button>
      </div>
      {account.error && <p role="alert">{errorSentence(account.error, 'options')}</p>}
      {a && (
        <div className="row account">
          {avatar && avatar !== brokenAvatar && (
            <img
              className="avatar"
              src={avatar}
              alt={t('optionsAvatarAlt', a.username || a.email)}
              width={64}
              height={64}
              referrerPolicy="no-referrer"
              onError={() => setBrokenAvatar(avatar)}
            />
          )}
          <dl className="facts">
            <dt>{t('optionsFactEmail')}</dt>
            <dd>{a.email || '—'}</dd>
            <dt>{t('optionsFactUsername')}</dt>
            <dd>{a.username || '—'}</dd>
            <dt>{t('optionsFactPlan')}</dt>
            <dd>{a.status || '—'}</dd>
            <dt>{t('optionsFactExpires')}</dt>
            <dd>{a.expires || '—'}</dd>
            <dt>{t('optionsFactRegistered')}</dt>
            <dd>{a.registered || '—'}</dd>
          </dl>
        </div>
      )}
      <AccountUpdateForm onMutate={onMutate} />
    </Section>
  );
}

/** The email/password update, with an in-page confirmation step before it is sent. */
function AccountUpdateForm({ onMutate }: { onMutate: AccountProps['onMutate'] }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<{ email?: string; password?: string } | null>(null);
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const submitBtn = useRef<HTMLButtonElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(AccountUpdateInput, { email: optional(email), password: password === '' ? undefined : password });
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    action.clear();
    setPending(checked.data);
  }

  async function confirm() {
    const args = pending;
    if (!args) return;
    const ok = await action.run(async () => {
      await onMutate({ op: 'updateAccount', args: [args] });
      return t('optionsAccountUpdated');
    });
    setPending(null);
    submitBtn.current?.focus();
    if (ok) {
      setEmail('');
      setPassword('');
    }
  }

  const question = !pending
    ? ''
    : pending.email !== undefined && pending.password !== undefined
      ? t('optionsAccountConfirmBoth')
      : pending.email !== undefined
        ? t('optionsAccountConfirmEmail')
        : t('optionsAccountConfirmPassword');
  return (
    <form ref={form} className="stack card" onSubmit={submit} noValidate aria-label={t('optionsAccountFormLabel')}>
      <fieldset>
        <legend>{t('optionsAccountLegend')}</legend>
        <label htmlFor="account-email">{t('optionsAccountNewEmail')}</label>
        <input id="account-email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="account-password">{t('optionsAccountNewPassword')}</label>
        <input
          id="account-password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="muted">{t('optionsAccountKeepHint')}</p>
        <button type="submit" ref={submitBtn}>
          {t('optionsAccountSubmit')}
        </button>
      </fieldset>
      {pending && (
        <ConfirmInline
          question={question}
          confirmLabel={t('optionsConfirm')}
          busy={action.busy}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
            submitBtn.current?.focus();
          }}
        />
      )}
      <Feedback error={action.error} note={action.note} />
    </form>
  );
}
