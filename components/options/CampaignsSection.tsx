import { useId, useRef, useState, type FormEvent } from 'react';
import type { Campaign } from '@/lib/api';
import { CampaignAddInput, CampaignUpdateInput } from '@/lib/api/inputs';
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

export interface CampaignsProps {
  list: ListState<Campaign>;
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
}

const campaignLabel = (c: Campaign) => t('optionsCampaignLabel', c.name || `#${c.id}`);

/** Campaigns: name, public or not, rotator and list page links; create, edit, delete. */
export function CampaignsSection({ list, onRefresh, onMutate }: CampaignsProps) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <Section id="campaigns" title={t('optionsCampaignsTitle')}>
      <ListStatus state={list} refreshLabel={t('optionsRefreshCampaigns')} count={plural('optionsCountCampaignOne', 'optionsCountCampaignMany')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">{t('optionsNoCampaigns')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label={t('optionsCampaignsTitle')}>
          {list.items.map((c) => {
            const rotator = safeHref(c.rotator);
            const listPage = safeHref(c.list);
            return (
              <ManagedItem
                key={c.id}
                deletedNote={t('optionsDeletedCampaign')}
                label={campaignLabel(c)}
                view={
                  <div className="row">
                    <strong className="name">{c.name || t('commonCampaignNumbered', c.id)}</strong>
                    <span className="tag">{c.public ? t('optionsCampaignPublicYes') : t('optionsCampaignPublicNo')}</span>
                    {rotator && (
                      <a href={rotator} target="_blank" rel="noopener noreferrer" aria-label={t('optionsRotatorOf', campaignLabel(c))}>
                        {t('optionsRotator')}
                      </a>
                    )}
                    {listPage && (
                      <a href={listPage} target="_blank" rel="noopener noreferrer" aria-label={t('optionsListPageOf', campaignLabel(c))}>
                        {t('optionsListPage')}
                      </a>
                    )}
                  </div>
                }
                renderEdit={(close) => (
                  <CampaignForm
                    mode="edit"
                    formLabel={t('optionsEditItem', campaignLabel(c))}
                    initial={c}
                    onCancel={close}
                    onSubmit={async (args) => {
                      await onMutate({ op: 'updateCampaign', args: [c.id, { ...args, name: args.name ?? c.name }] });
                      close();
                    }}
                  />
                )}
                deleteQuestion={t('optionsDeleteQuestion', campaignLabel(c))}
                onDelete={() => onMutate({ op: 'deleteCampaign', args: [c.id] })}
                onDeleted={setNote}
              />
            );
          })}
        </ul>
      )}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>
      <CampaignForm
        mode="add"
        formLabel={t('optionsNewCampaign')}
        onSubmit={async (args) => {
          await onMutate({ op: 'addCampaign', args: [args] });
          return t('optionsCampaignCreated');
        }}
      />
    </Section>
  );
}

type CampaignArgs = { name?: string; slug?: string; public?: boolean };

/** The campaign form: name, rotator slug, public; checked before sending. */
function CampaignForm({
  mode,
  formLabel,
  initial,
  onSubmit,
  onCancel,
}: {
  mode: 'add' | 'edit';
  formLabel: string;
  initial?: Campaign;
  onSubmit: (args: CampaignArgs) => Promise<string | void>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [slug, setSlug] = useState('');
  const [isPublic, setPublic] = useState(initial?.public ?? false);
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const raw = { name: mode === 'add' ? optional(name) : name, slug: optional(slug), public: isPublic };
    const checked = mode === 'add' ? validate(CampaignAddInput, raw) : validate(CampaignUpdateInput, raw);
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    const ok = await action.run(() => onSubmit(checked.data));
    if (ok && mode === 'add') {
      setName('');
      setSlug('');
      setPublic(false);
    }
  }

  return (
    <form ref={form} className="stack card" onSubmit={submit} noValidate aria-label={formLabel} aria-busy={action.busy}>
      <fieldset>
        <legend>{formLabel}</legend>
        <label htmlFor={`${id}-name`}>{t('optionsFieldName')}</label>
        <input id={`${id}-name`} name="name" value={name} onChange={(e) => setName(e.target.value)} aria-required={mode === 'edit'} />
        <label htmlFor={`${id}-slug`}>{t('optionsRotatorSlug')}</label>
        <input
          id={`${id}-slug`}
          name="slug"
          spellCheck={false}
          placeholder={t('optionsSlugPlaceholder')}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          aria-describedby={`${id}-slug-help`}
        />
        <p id={`${id}-slug-help`} className="muted">
          {mode === 'edit' ? t('optionsSlugHelpEdit') : t('optionsSlugHelp')}
        </p>
        <div className="check">
          <input id={`${id}-public`} name="public" type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
          <label htmlFor={`${id}-public`}>{t('optionsPublic')}</label>
        </div>
        <FormActions submitLabel={mode === 'add' ? t('optionsCreateCampaign') : t('optionsUpdateCampaign')} onCancel={onCancel} />
      </fieldset>
      <Feedback error={action.error} note={mode === 'add' ? action.note : undefined} />
    </form>
  );
}
