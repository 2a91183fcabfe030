import { useId } from 'react';
import type { SiteRule } from '@/lib/links/linkRules';
import { parseSite, siteLabel } from '@/lib/links/siteRules';
import { campaignChoices, channelChoices, domainChoices, toId } from '@/lib/ui/choices';
import { ChoiceSelect } from '@/components/common/ChoiceSelect';
import type { Checked } from '@/lib/ui/options/forms';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { newId } from './LinkRulesHead';
import { useOptions } from './OptionsContext';
import { useSubmit } from './useSubmit';

/** Names a rule in button labels ("rule example.com/blog/"). */
export const ruleLabel = (r: SiteRule) => t('optionsRuleLabel', r.site);

/** New site rule ("Add rule"), an edit of one, or (`copy`) the user's own made from the organisation's: Site, Domain, Campaign, Channel, UTM preset. */
export function RuleForm({ item: rule, copy, onClose }: { item?: SiteRule; copy?: boolean; onClose?: (note?: string) => void }) {
  const id = useId();
  const data = useOptions((s) => s.linkRules.value);
  const lists = useOptions((s) => s.lists);
  const save = useOptions((s) => s.saveLinkRules);
  const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const {
    fields: f,
    set,
    reset,
  } = useFields({
    site: rule?.site ?? '',
    domain: str(rule?.domainId),
    campaign: str(rule?.campaignId),
    channel: str(rule?.channelId),
    preset: str(rule?.presetId),
  });

  // The id is given when sent: the checked values of unchanged fields stay equal (the form is emptied after adding).
  const check = (): Checked<Omit<SiteRule, 'id'>> => {
    const site = parseSite(f.site);
    if (!site) return { ok: false, field: 'site', message: t('optionsRuleBadSite') };
    if (!f.domain && !f.campaign && !f.channel && !f.preset) return { ok: false, field: 'preset', message: t('optionsRuleEmpty') };
    return {
      ok: true,
      data: {
        site: f.site.trim(),
        domainId: toId(f.domain),
        campaignId: toId(f.campaign),
        channelId: toId(f.channel),
        presetId: f.preset || null,
      },
    };
  };

  const submit = useSubmit({
    check,
    run: async (values) => {
      // A copy of the organisation's is added as the user's own (for the same site, it is used instead); the organisation's stays.
      const own = copy ? undefined : rule;
      const next = { id: own?.id ?? newId('rule'), ...values };
      const rules = data?.rules ?? [];
      // Checked when sent, not with the fields: once added, the site is taken by the rule itself.
      const label = siteLabel(parseSite(next.site)!);
      if (rules.some((r) => r.id !== next.id && siteLabel(parseSite(r.site)!) === label)) throw new Error(t('optionsRuleSiteTaken', label));
      await save({ rules: own ? rules.map((r) => (r.id === own.id ? next : r)) : [...rules, next] });
      if (rule) onClose?.(copy ? t('optionsSavedAsOwn', next.site) : t('optionsChangesSaved'));
      else return t('optionsRuleAdded', next.site);
    },
    reset: rule ? undefined : reset,
    describe: (err) => (err instanceof Error ? err.message : errorSentence(err, 'options')),
  });

  const gone = (v: string) => t('optionsRuleGone', `#${v}`);
  // The organisation's presets too: a rule may name one (a copy of its rule does).
  const presets = [...(data?.org?.presets?.value ?? []), ...(data?.presets ?? [])];
  const none = t('optionsRuleKeep');
  return (
    <FormCard
      submit={submit}
      label={rule ? t('optionsEditItem', ruleLabel(rule)) : t('optionsNewRule')}
      submitLabel={t(copy ? 'optionsSaveAsOwn' : rule ? 'optionsUpdateRule' : 'optionsAddRule')}
      onCancel={onClose && (() => onClose())}
    >
      <TextField
        id={`${id}-site`}
        name="site"
        label={t('optionsRuleSite')}
        value={f.site}
        onChange={set('site')}
        placeholder="example.com/blog/"
        spellCheck={false}
        aria-required="true"
      />
      <div className="grid-two">
        <ChoiceSelect
          id={`${id}-domain`}
          label={t('commonDomain')}
          none={none}
          value={f.domain}
          unknownLabel={gone}
          choices={domainChoices(lists.domains.items ?? [])}
          onChange={set('domain')}
        />
        <ChoiceSelect
          id={`${id}-campaign`}
          label={t('commonCampaign')}
          none={none}
          value={f.campaign}
          unknownLabel={gone}
          choices={campaignChoices(lists.campaigns.items ?? [])}
          onChange={set('campaign')}
        />
        <ChoiceSelect
          id={`${id}-channel`}
          label={t('commonChannel')}
          none={none}
          value={f.channel}
          unknownLabel={gone}
          choices={channelChoices(lists.channels.items ?? [])}
          onChange={set('channel')}
        />
        <div className="field">
          <label htmlFor={`${id}-preset`}>{t('utmPreset')}</label>
          <select id={`${id}-preset`} name="preset" value={f.preset} onChange={(e) => set('preset')(e.target.value)}>
            <option value="">{none}</option>
            {f.preset && !presets.some((p) => p.id === f.preset) && <option value={f.preset}>{gone(f.preset)}</option>}
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </FormCard>
  );
}
