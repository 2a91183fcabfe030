import { useId } from 'react';
import type * as z from 'zod/mini';
import type { Domain } from '@/lib/api';
import { DomainAddInput, DomainUpdateInput } from '@/lib/api/inputs';
import { optional, safeHref, validate } from '@/lib/ui/options/forms';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { ListSection } from './ListSection';
import { useItemForm } from './useItemForm';
import { t } from '@/lib/i18n';
import { isSendableDomain } from '@/lib/ui/choices';

const domainLabel = (d: Domain) => t('optionsDomainLabel', d.domain || `#${d.id ?? '?'}`);

/** A URL from the service as a link when it is http(s), else as text. */
function UrlText({ url }: { url: string }) {
  if (!url) return <span className="muted">{t('optionsNoRedirect')}</span>;
  const href = safeHref(url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    <span>{url}</span>
  );
}

/** A domain: its address (or "shared") and its two redirects. */
function DomainView({ domain: d }: { domain: Domain }) {
  return (
    <>
      <div className="row">
        <strong className="name">{d.domain || t('optionsDomainNoAddress')}</strong>
        {d.id === null && <span className="tag">{t('optionsDomainShared')}</span>}
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
}

/** Domains: branded domains with their redirects (shared ones read-only); add, edit redirects, delete. */
export function DomainsSection() {
  return (
    <ListSection
      name="domains"
      texts={{ refresh: 'optionsRefreshDomains', one: 'optionsCountDomainOne', many: 'optionsCountDomainMany', empty: 'optionsNoDomains' }}
      item={{
        key: (d, i) => d.id ?? `shared-${i}-${d.domain}`,
        label: domainLabel,
        view: (d) => <DomainView domain={d} />,
        Form: DomainForm,
        remove: (d) => ({ op: 'deleteDomain', args: [d.id ?? 0] }),
        deletedNote: 'optionsDeletedDomain',
        // Shared domains (id null) belong to the service: shown, not editable.
        managed: isSendableDomain,
      }}
    />
  );
}

/** The domain form: address (when adding) and the two redirects (editing `item`), checked before sending. */
function DomainForm({ item: domain, onClose }: { item?: Domain; onClose?: (note?: string) => void }) {
  const { fields: f, set, reset } = useFields({ domain: '', root: domain?.redirectroot ?? '', notFound: domain?.redirect404 ?? '' });
  const id = useId();
  const form = useItemForm({
    list: 'domains',
    item: domain,
    onClose,
    texts: {
      newLabel: 'optionsNewDomain',
      create: 'optionsAddDomain',
      update: 'optionsUpdateDomain',
      created: 'optionsDomainAdded',
      createdNamed: 'optionsDomainAddedNamed',
    },
    label: domainLabel,
    name: (args) => ('domain' in args ? String(args.domain) : undefined),
    check: () => {
      const redirects = { redirectroot: optional(f.root), redirect404: optional(f.notFound) };
      return domain ? validate(DomainUpdateInput, redirects) : validate(DomainAddInput, { domain: f.domain, ...redirects });
    },
    add: (args) => ({ op: 'addDomain', args: [args as z.output<typeof DomainAddInput>] }),
    update: (d, args) => ({ op: 'updateDomain', args: [d.id ?? 0, args] }),
    reset,
  });
  const url = { type: 'url', spellCheck: false } as const;

  return (
    <FormCard {...form}>
      {domain ? (
        <p className="muted">{t('optionsEmptyKeepsValue')}</p>
      ) : (
        <>
          <p className="muted">{t('optionsDnsNote')}</p>
          <TextField
            id={`${id}-domain`}
            name="domain"
            label={t('commonDomain')}
            {...url}
            placeholder="https://go.example.com"
            value={f.domain}
            onChange={set('domain')}
            aria-required="true"
          />
        </>
      )}
      <TextField
        id={`${id}-root`}
        name="redirectroot"
        label={t('optionsRootRedirect')}
        {...url}
        placeholder="https://example.com"
        value={f.root}
        onChange={set('root')}
      />
      <TextField
        id={`${id}-404`}
        name="redirect404"
        label={t('options404Redirect')}
        {...url}
        placeholder="https://example.com/not-found"
        value={f.notFound}
        onChange={set('notFound')}
      />
    </FormCard>
  );
}
