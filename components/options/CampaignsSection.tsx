import { useId } from 'react';
import type { Campaign } from '@/lib/api';
import { CampaignAddInput, CampaignUpdateInput } from '@/lib/api/inputs';
import { optional, safeHref, validate } from '@/lib/ui/options/forms';
import { CheckField, TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { ListSection } from './ListSection';
import { useItemForm } from './useItemForm';
import { t } from '@/lib/i18n';
import { campaignName } from '@/lib/ui/choices';

const campaignLabel = (c: Campaign) => t('optionsCampaignLabel', c.name || `#${c.id}`);

/** A campaign: name, public or not, and its rotator and list page links when it has them. */
function CampaignView({ campaign: c }: { campaign: Campaign }) {
  const rotator = safeHref(c.rotator);
  const listPage = safeHref(c.list);
  return (
    <div className="row">
      <strong className="name">{campaignName(c)}</strong>
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
  );
}

/** Campaigns: name, public or not, rotator and list page links; create, edit, delete. */
export function CampaignsSection() {
  return (
    <ListSection
      name="campaigns"
      texts={{
        refresh: 'optionsRefreshCampaigns',
        one: 'optionsCountCampaignOne',
        many: 'optionsCountCampaignMany',
        empty: 'optionsNoCampaigns',
      }}
      item={{
        key: (c) => c.id,
        label: campaignLabel,
        view: (c) => <CampaignView campaign={c} />,
        Form: CampaignForm,
        remove: (c) => ({ op: 'deleteCampaign', args: [c.id] }),
        deletedNote: 'optionsDeletedCampaign',
      }}
    />
  );
}

/** The campaign form (create, or edit `item`): name, rotator slug, public; checked before sending. */
function CampaignForm({ item: campaign, onClose }: { item?: Campaign; onClose?: (note?: string) => void }) {
  const { fields: f, set, reset } = useFields({ name: campaign?.name ?? '', slug: '', public: campaign?.public ?? false });
  const id = useId();
  const form = useItemForm({
    list: 'campaigns',
    item: campaign,
    onClose,
    texts: {
      newLabel: 'optionsNewCampaign',
      create: 'optionsCreateCampaign',
      update: 'optionsUpdateCampaign',
      created: 'optionsCampaignCreated',
      createdNamed: 'optionsCampaignCreatedNamed',
    },
    label: campaignLabel,
    name: (args) => args.name,
    check: () => {
      const raw = { name: f.name, slug: optional(f.slug), public: f.public };
      return campaign ? validate(CampaignUpdateInput, raw) : validate(CampaignAddInput, raw);
    },
    add: (args) => ({ op: 'addCampaign', args: [args] }),
    update: (c, args) => ({ op: 'updateCampaign', args: [c.id, { ...args, name: args.name ?? c.name }] }),
    reset,
  });

  return (
    <FormCard {...form}>
      <TextField id={`${id}-name`} name="name" label={t('optionsFieldName')} value={f.name} onChange={set('name')} aria-required />
      <TextField
        id={`${id}-slug`}
        name="slug"
        label={t('optionsRotatorSlug')}
        spellCheck={false}
        placeholder={t('optionsSlugPlaceholder')}
        value={f.slug}
        onChange={set('slug')}
        aria-describedby={`${id}-slug-help`}
      />
      <p id={`${id}-slug-help`} className="muted">
        {campaign ? t('optionsSlugHelpEdit') : t('optionsSlugHelp')}
      </p>
      <CheckField id={`${id}-public`} name="public" label={t('optionsPublic')} checked={f.public} onChange={set('public')} />
    </FormCard>
  );
}
