import { useRef, useState } from 'react';
import type { Account } from '@/lib/api';
import { AccountUpdateInput } from '@/lib/api/inputs';
import { isLoading } from '@/lib/ui/options/store';
import { dateText } from '@/lib/i18n/date';
import { valueWord } from '@/lib/ui/options/valueWords';
import { optional, safeHref, validate } from '@/lib/ui/options/forms';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { StatusHead } from './ListStatus';
import { useMutate, useOptions } from './OptionsContext';
import { useSubmit } from './useSubmit';
import { t } from '@/lib/i18n';

/** What the service knows of the account, as facts (email, username, plan, expiry and, when asked, registration). */
export function AccountFacts({ account, registered }: { account: Account; registered?: boolean }) {
  return (
    <dl className="facts">
      <dt>{t('optionsFactEmail')}</dt>
      <dd>{account.email || '—'}</dd>
      <dt>{t('optionsFactUsername')}</dt>
      <dd>{account.username || '—'}</dd>
      <dt>{t('optionsFactPlan')}</dt>
      <dd>{account.status ? valueWord('plan', account.status) : '—'}</dd>
      <dt>{t('optionsFactExpires')}</dt>
      <dd>{account.expires ? dateText(account.expires) : '—'}</dd>
      {registered && (
        <>
          <dt>{t('optionsFactRegistered')}</dt>
          <dd>{account.registered ? dateText(account.registered) : '—'}</dd>
        </>
      )}
    </dl>
  );
}

/** Account: what the service knows of the account, and a confirmed update of email/password. */
export function AccountSection() {
  const account = useOptions((s) => s.account);
  const loadAccount = useOptions((s) => s.loadAccount);
  const a = account.value;
  const avatar = safeHref(a?.avatar);
  const [brokenAvatar, setBrokenAvatar] = useState<string | null>(null);
  const loading = isLoading(account);
  return (
    <>
      <StatusHead
        text={!a && loading ? t('commonLoading') : loading ? t('optionsAccountUpdating') : ''}
        error={account.error}
        kept={a !== null}
        refreshLabel={t('optionsRefreshAccount')}
        onRefresh={() => void loadAccount(true)}
      />
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
          <AccountFacts account={a} registered />
        </div>
      )}
      <AccountUpdateForm />
    </>
  );
}

type AccountChange = { email?: string; password?: string };

/** The email/password update, with an in-page confirmation step before it is sent. */
function AccountUpdateForm() {
  const mutate = useMutate('account');
  const { fields: f, set, reset } = useFields({ email: '', password: '' });
  const [pending, setPending] = useState<AccountChange | null>(null);
  const submitBtn = useRef<HTMLButtonElement>(null);
  // The form's submit only checks and asks for confirmation; the confirmation sends.
  const submit = useSubmit({
    check: () =>
      f.email.trim() === '' && f.password === ''
        ? { ok: false, field: 'email', message: t('optionsAccountGiveEmailOrPassword') }
        : validate(AccountUpdateInput, { email: optional(f.email), password: f.password === '' ? undefined : f.password }),
    run: async (args: AccountChange) => setPending(args),
  });
  const { action } = submit;

  async function confirm() {
    const args = pending;
    if (!args) return;
    const ok = await action.run(async () => {
      await mutate({ op: 'updateAccount', args: [args] });
      return t('optionsAccountUpdated');
    });
    setPending(null);
    submitBtn.current?.focus();
    if (ok) reset();
  }

  const question = !pending
    ? ''
    : pending.email !== undefined && pending.password !== undefined
      ? t('optionsAccountConfirmBoth')
      : pending.email !== undefined
        ? t('optionsAccountConfirmEmail')
        : t('optionsAccountConfirmPassword');
  return (
    <FormCard
      label={t('optionsAccountFormLabel')}
      legend={t('optionsAccountLegend')}
      submit={submit}
      submitLabel={t('optionsAccountSubmit')}
      primary={false}
      submitRef={submitBtn}
      after={
        pending && (
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
        )
      }
    >
      <TextField
        id="account-email"
        name="email"
        type="email"
        autoComplete="email"
        label={t('optionsAccountNewEmail')}
        value={f.email}
        onChange={set('email')}
      />
      <TextField
        id="account-password"
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('optionsAccountNewPassword')}
        value={f.password}
        onChange={set('password')}
      />
      <p className="muted">{t('optionsAccountKeepHint')}</p>
    </FormCard>
  );
}
