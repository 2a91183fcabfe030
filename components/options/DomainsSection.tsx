import { useId, useRef, useState, type FormEvent } from 'react';
import type { Domain } from '@/lib/api';
import { DomainAddInput, DomainUpdateInput } from '@/lib/api/inputs';
import type { Mutation } from '@/lib/messaging';
import { optional, safeHref, validate } from '@/lib/ui/optionsForms';
import type { ListState } from '@/lib/ui/optionsStore';
import { Feedback } from './Feedback';
import { ListStatus, plural } from './ListStatus';
import { ManagedItem } from './ManagedItem';
import { Section } from './Section';
import { focusField, useAction } from './useAction';
import { t } from '@/lib/i18n';
import { FormActions } from './FormActions';

export interface DomainsProps {
  list: ListState<Domain>;
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
}

const domainLabel = (d: Domain) => t('optionsDomainLabel', d.domain || `#${d.id ?? '?'}`);

/** A URL from the service as a link when it is http(s), else as text. */
function UrlText({ url }: { url: string }) {
  if (!url) return <span className="muted">{t('commonNone')}</span>;
  const href = safeHref(url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    <span>{url}</span>
  );
}

/** Domains: branded domains with their redirects (shared ones read-only); add, edit redirects, delete. */
export function DomainsSection({ list, onRefresh, onMutate }: DomainsProps) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <Section id="domains" title={t('optionsDomainsTitle')}>
      <ListStatus state={list} refreshLabel={t('optionsRefreshDomains')} count={plural('optionsCountDomainOne', 'optionsCountDomainMany')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">{t('optionsNoDomains')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label={t('optionsDomainsTitle')}>
          {list.items.map((d, i) => {
            const id = d.id;
            const view = (
              <>
                <div className="row">
                  <strong className="name">{d.domain || t('optionsDomainNoAddress')}</strong>
                  {id === null && <span className="tag">{t('optionsDomainShared')}</span>}
                </div>
                <dl className="facts compact">
                  <dt>{t('optionsRootRedirect')}</dt>
                  <dd>
                    <UrlText url={d.redirectroot} />
                  </dd>
                  <dt>{t('options404Redirect')}</dt>
                  <dd>
                    <UrlText url={d.redirect404} />
                  </dd>
                </dl>
              </>
            );
            // Shared domains (id null) belong to the service: shown, not editable.
            if (id === null) return <ManagedItem key={`shared-${i}-${d.domain}`} label={domainLabel(d)} view={view} />;
            return (
              <ManagedItem
                key={id}
                deletedNote={t('optionsDeletedDomain')}
                label={domainLabel(d)}
                view={view}
                renderEdit={(close) => (
                  <DomainForm
                    mode="edit"
                    formLabel={t('optionsEditItem', domainLabel(d))}
                    initial={d}
                    onCancel={close}
                    onSubmit={async (args) => {
                      await onMutate({ op: 'updateDomain', args: [id, args] });
                      close();
                    }}
                  />
                )}
                deleteQuestion={t('optionsDeleteQuestion', domainLabel(d))}
                onDelete={() => onMutate({ op: 'deleteDomain', args: [id] })}
                onDeleted={setNote}
              />
            );
          })}
        </ul>
      )}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>
      <DomainForm
        mode="add"
        formLabel={t('optionsNewDomain')}
        onSubmit={async (args) => {
          if (!args.domain) return;
          await onMutate({ op: 'addDomain', args: [{ ...args, domain: args.domain }] });
          return t('optionsDomainAdded');
        }}
      />
    </Section>
  );
}

type DomainArgs = { domain?: string; redirectroot?: string; redirect404?: string };

/** The domain form: address (when adding) and the two redirects, checked before sending. */
function DomainForm({
  mode,
  formLabel,
  initial,
  onSubmit,
  onCancel,
}: {
  mode: 'add' | 'edit';
  formLabel: string;
  initial?: Domain;
  onSubmit: (args: DomainArgs) => Promise<string | void>;
  onCancel?: () => void;
}) {
  const [domain, setDomain] = useState('');
  const [root, setRoot] = useState(initial?.redirectroot ?? '');
  const [notFound, setNotFound] = useState(initial?.redirect404 ?? '');
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const redirects = { redirectroot: optional(root), redirect404: optional(notFound) };
    const checked = mode === 'add' ? validate(DomainAddInput, { domain, ...redirects }) : validate(DomainUpdateInput, redirects);
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    const ok = await action.run(() => onSubmit(checked.data));
    if (ok && mode === 'add') {
      setDomain('');
      setRoot('');
      setNotFound('');
    }
  }

  return (
    <form ref={form} className="stack card" onSubmit={submit} noValidate aria-label={formLabel} aria-busy={action.busy}>
      <fieldset>
        <legend>{formLabel}</legend>
        {mode === 'add' && (
          <>
            <p className="muted">{t('optionsDnsNote')}</p>
            <label htmlFor={`${id}-domain`}>{t('commonDomain')}</label>
            <input
              id={`${id}-domain`}
              name="domain"
              type="url"
              placeholder="https://go.example.com"
              spellCheck={false}
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              aria-required="true"
            />
          </>
        )}
        {mode === 'edit' && <p className="muted">{t('optionsEmptyKeepsValue')}</p>}
        <label htmlFor={`${id}-root`}>{t('optionsRootRedirect')}</label>
        <input
          id={`${id}-root`}
          name="redirectroot"
          type="url"
          placeholder="https://example.com"
          spellCheck={false}
          value={root}
          onChange={(e) => setRoot(e.target.value)}
        />
        <label htmlFor={`${id}-404`}>{t('options404Redirect')}</label>
        <input
          id={`${id}-404`}
          name="redirect404"
          type="url"
          placeholder="https://example.com/not-found"
          spellCheck={false}
          value={notFound}
          onChange={(e) => setNotFound(e.target.value)}
        />
        <FormActions submitLabel={mode === 'add' ? t('optionsAddDomain') : t('optionsUpdateDomain')} onCancel={onCancel} />
      </fieldset>
      <Feedback error={action.error} note={mode === 'add' ? action.note : undefined} />
    </form>
  );
}
