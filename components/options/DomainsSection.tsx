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

export interface DomainsProps {
  list: ListState<Domain>;
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
}

export const DNS_NOTE = "The domain must already point to the service's servers (DNS) before you add it.";

const domainLabel = (d: Domain) => `domain ${d.domain || `#${d.id ?? '?'}`}`;

/** A URL from the service as a link when it is http(s), else as text. */
function UrlText({ url }: { url: string }) {
  if (!url) return <span className="muted">none</span>;
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
    <Section id="domains" title="Domains">
      <ListStatus state={list} title="domains" count={plural('domain', 'domains')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">No branded domains yet.</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label="Domains">
          {list.items.map((d, i) => {
            const id = d.id;
            const view = (
              <>
                <div className="row">
                  <strong className="name">{d.domain || '(no address)'}</strong>
                  {id === null && <span className="tag">shared</span>}
                </div>
                <dl className="facts compact">
                  <dt>Root redirect</dt>
                  <dd>
                    <UrlText url={d.redirectroot} />
                  </dd>
                  <dt>404 redirect</dt>
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
                kind="Domain"
                label={domainLabel(d)}
                view={view}
                renderEdit={(close) => (
                  <DomainForm
                    mode="edit"
                    formLabel={`Edit ${domainLabel(d)}`}
                    initial={d}
                    onCancel={close}
                    onSubmit={async (args) => {
                      await onMutate({ op: 'updateDomain', args: [id, args] });
                      close();
                    }}
                  />
                )}
                deleteQuestion={`Delete ${domainLabel(d)}?`}
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
        formLabel="New domain"
        onSubmit={async (args) => {
          if (!args.domain) return;
          await onMutate({ op: 'addDomain', args: [{ ...args, domain: args.domain }] });
          return 'Domain added.';
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
            <p className="muted">{DNS_NOTE}</p>
            <label htmlFor={`${id}-domain`}>Domain</label>
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
        {mode === 'edit' && <p className="muted">A field left empty is not sent: the service keeps its value.</p>}
        <label htmlFor={`${id}-root`}>Root redirect</label>
        <input
          id={`${id}-root`}
          name="redirectroot"
          type="url"
          placeholder="https://example.com"
          spellCheck={false}
          value={root}
          onChange={(e) => setRoot(e.target.value)}
        />
        <label htmlFor={`${id}-404`}>404 redirect</label>
        <input
          id={`${id}-404`}
          name="redirect404"
          type="url"
          placeholder="https://example.com/not-found"
          spellCheck={false}
          value={notFound}
          onChange={(e) => setNotFound(e.target.value)}
        />
        <div className="row">
          <button type="submit" className="primary">
            {mode === 'add' ? 'Add domain' : 'Update domain'}
          </button>
          {onCancel && (
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </fieldset>
      <Feedback error={action.error} note={mode === 'add' ? action.note : undefined} />
    </form>
  );
}
