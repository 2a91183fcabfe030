import { useId } from 'react';
import type { SiteRule } from '@/lib/links/linkRules';
import { parseSite, siteLabel } from '@/lib/links/siteRules';
import { sendableDomains, toId } from '@/lib/ui/choices';
import type { Checked } from '@/lib/ui/optionsForms';
import { errorSentence } from '@/lib/errorText';
import { t, type MessageKey } from '@/lib/i18n';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { newId } from './LinkRulesHead';
import { useOptions } from './OptionsContext';
import { useSubmit } from './useSubmit';

/** Names a rule in button labels ("rule example.com/blog/"). */
export const ruleLabel = (r: SiteRule) => t('optionsRuleLabel', r.site);

/** One select of a rule: "Not set", then the choices. */
function RuleSelect({ id, name, label, value, onChange, choices }: {
  id: string;
  name: string;
  label: MessageKey;
  value: string;
  onChange: (v: string) => void;
  choices: { value: string; text: string }[];
}) {
  return (
    <div className="stack">
      <label htmlFor={id}>{t(label)}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('optionsRuleKeep')}</option>
        {/* A choice that is gone stays visible in an edit, named as such. */}
        {value && !choices.some((c) => c.value === value) && <option value={value}>{t('optionsRuleGone', `#${value}`)}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** New site rule ("Add rule"), or an edit of one: Site, Domain, Campaign, Channel, UTM preset. */
export function RuleForm({ item: rule, onClose }: { item?: SiteRule; onClose?: () => void }) {
  const id = useId();
  const data = useOptions((s) => s.linkRules.value);
  const lists = useOptions((s) => s.lists);
  const save = useOptions((s) => s.saveLinkRules);
  const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const { fields: f, set, reset } = useFields({
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
    if (!f.domain && !f.campaign && !f.channel && !f.preset) return { ok: false, field: 'domain', message: t('optionsRuleEmpty') };
    return {
      ok: true,
      data: { site: f.site.trim(), domainId: toId(f.domain), campaignId: toId(f.campaign), channelId: toId(f.channel), presetId: f.preset || null },
    };
  };

  const submit = useSubmit({
    check,
    run: async (values) => {
      const next = { id: rule?.id ?? newId('rule'), ...values };
      const rules = data?.rules ?? [];
      // Checked when sent, not with the fields: once added, the site is taken by the rule itself.
      const label = siteLabel(parseSite(next.site)!);
      if (rules.some((r) => r.id !== next.id && siteLabel(parseSite(r.site)!) === label)) throw new Error(t('optionsRuleSiteTaken', label));
      await save({ rules: rule ? rules.map((r) => (r.id === rule.id ? next : r)) : [...rules, next] });
      if (rule) onClose?.();
      else return t('optionsRuleAdded', next.site);
    },
    reset: rule ? undefined : reset,
    describe: (err) => (err instanceof Error ? err.message : errorSentence(err, 'options')),
  });

  const named = (items: { id: number | null; name?: string; domain?: string }[] | null) =>
    (items ?? []).map((x) => ({ value: String(x.id), text: x.name ?? x.domain ?? `#${x.id}` }));
  return (
    <FormCard submit={submit} label={rule ? t('optionsEditItem', ruleLabel(rule)) : t('optionsNewRule')} submitLabel={t(rule ? 'optionsUpdateRule' : 'optionsAddRule')} onCancel={onClose}>
      <TextField id={`${id}-site`} name="site" label={t('optionsRuleSite')} value={f.site} onChange={set('site')} placeholder="example.com/blog/" spellCheck={false} aria-required="true" />
      <div className="grid-two">
        <RuleSelect id={`${id}-domain`} name="domain" label="commonDomain" value={f.domain} onChange={set('domain')} choices={named(sendableDomains(lists.domains.items ?? []))} />
        <RuleSelect id={`${id}-campaign`} name="campaign" label="commonCampaign" value={f.campaign} onChange={set('campaign')} choices={named(lists.campaigns.items)} />
        <RuleSelect id={`${id}-channel`} name="channel" label="commonChannel" value={f.channel} onChange={set('channel')} choices={named(lists.channels.items)} />
        <RuleSelect id={`${id}-preset`} name="preset" label="utmPreset" value={f.preset} onChange={set('preset')} choices={(data?.presets ?? []).map((p) => ({ value: p.id, text: p.name }))} />
      </div>
    </FormCard>
  );
}
