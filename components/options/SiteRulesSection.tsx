import type { SiteRule } from '@/lib/links/linkRules';
import { campaignChoices, channelChoices, domainChoices } from '@/lib/ui/choices';
import { t } from '@/lib/i18n';
import { ListView } from './ListSection';
import { LinkRulesHead } from './LinkRulesHead';
import { useOptions } from './OptionsContext';
import { RuleForm, ruleLabel } from './RuleForm';
import { RulesTransfer } from './RulesTransfer';
import { OrgItems } from './OrgItems';

/** One choice of a rule as a tag ("Campaign: Spring"), or a note that what it names is gone. */
function Choice({
  label,
  id,
  list,
}: {
  label: string;
  id: number | string | null;
  list: readonly { id: number | string; label: string }[] | null;
}) {
  if (id === null) return null;
  const found = list?.find((x) => x.id === id);
  const text = found ? found.label : list ? t('optionsRuleGone', `#${id}`) : `#${id}`;
  return <span className="tag">{`${label}: ${text}`}</span>;
}

/** Site rules: the site and its choices, in the user's order (Move up / Move down), made, edited, deleted, exported and imported. */
export function SiteRulesSection() {
  const data = useOptions((s) => s.linkRules.value);
  const lists = useOptions((s) => s.lists);
  const save = useOptions((s) => s.saveLinkRules);
  const rules = data?.rules ?? null;

  const move = (index: number, by: -1 | 1) => {
    if (!rules) return;
    const next = [...rules];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    void save({ rules: next }).catch(() => undefined);
  };

  const presets = data ? [...(data.org?.presets?.value ?? []), ...data.presets].map((p) => ({ id: p.id, label: p.name })) : null;
  const view = (r: SiteRule) => (
    <div className="row">
      <strong className="name">{r.site}</strong>
      <Choice label={t('commonDomain')} id={r.domainId} list={lists.domains.items && domainChoices(lists.domains.items)} />
      <Choice label={t('commonCampaign')} id={r.campaignId} list={lists.campaigns.items && campaignChoices(lists.campaigns.items)} />
      <Choice label={t('commonChannel')} id={r.channelId} list={lists.channels.items && channelChoices(lists.channels.items)} />
      <Choice label={t('utmPreset')} id={r.presetId} list={presets} />
    </div>
  );

  return (
    <>
      <p className="hint">{t('optionsSiteRulesIntro')}</p>
      <OrgItems
        part={data?.org?.rules}
        notes={{ locked: 'optionsOrgRulesLocked', open: 'optionsOrgRulesEditable' }}
        view={view}
        label={ruleLabel}
        Form={RuleForm}
      />
      <ListView<SiteRule>
        items={rules}
        head={<LinkRulesHead />}
        empty="optionsNoRules"
        item={{
          key: (r) => r.id,
          label: ruleLabel,
          view,
          Form: RuleForm,
          remove: (r) => save({ rules: (rules ?? []).filter((x) => x.id !== r.id) }),
          deletedNote: 'optionsRuleDeleted',
          actions: (r, i) => (
            <>
              <button type="button" disabled={i === 0} aria-label={t('optionsMoveUpItem', ruleLabel(r))} onClick={() => move(i, -1)}>
                {t('optionsMoveUp')}
              </button>
              <button
                type="button"
                disabled={i === (rules?.length ?? 0) - 1}
                aria-label={t('optionsMoveDownItem', ruleLabel(r))}
                onClick={() => move(i, 1)}
              >
                {t('optionsMoveDown')}
              </button>
            </>
          ),
        }}
      />
      <RulesTransfer />
    </>
  );
}
