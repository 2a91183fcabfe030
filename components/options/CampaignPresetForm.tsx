import { useId, useState } from 'react';
import type { Checked } from '@/lib/ui/options/forms';
import { campaignChoices } from '@/lib/ui/choices';
import { ChoiceSelect } from '@/components/common/ChoiceSelect';
import { t } from '@/lib/i18n';
import { FormCard } from './FormCard';
import { useOptions } from './OptionsContext';
import { PresetSelect } from '@/components/common/PresetSelect';
import { useSubmit } from './useSubmit';

/** A campaign's default preset (kept in this browser): the popup uses it for that campaign unless a rule names one. */
export function CampaignPresetForm() {
  const id = useId();
  const data = useOptions((s) => s.linkRules.value);
  const campaigns = useOptions((s) => s.lists.campaigns.items) ?? [];
  const save = useOptions((s) => s.saveLinkRules);
  const [campaignId, setCampaignId] = useState('');
  const [presetId, setPresetId] = useState('');
  const presets = data?.presets ?? [];
  const defaults = Object.entries(data?.campaignPresets ?? {});

  const submit = useSubmit({
    check: (): Checked<{ campaignId: string; presetId: string }> =>
      campaignId ? { ok: true, data: { campaignId, presetId } } : { ok: false, field: 'campaign', message: t('optionsChooseCampaign') },
    run: async (v) => {
      const next = { ...(data?.campaignPresets ?? {}) };
      if (v.presetId) next[v.campaignId] = v.presetId;
      else delete next[v.campaignId];
      await save({ campaignPresets: next });
      return t('optionsCampaignPresetSaved');
    },
  });

  return (
    <FormCard submit={submit} label={t('optionsCampaignPresetsLegend')} submitLabel={t('optionsSaveCampaignPreset')} primary={false}>
      {defaults.length > 0 && (
        <ul className="plain">
          {defaults.map(([cid, pid]) => (
            <li key={cid}>
              {t(
                'optionsCampaignPresetLine',
                campaignChoices(campaigns).find((c) => String(c.id) === cid)?.label ?? t('commonCampaignNumbered', cid),
                presets.find((p) => p.id === pid)?.name ?? '—',
              )}
            </li>
          ))}
        </ul>
      )}
      <ChoiceSelect
        id={`${id}-campaign`}
        label={t('commonCampaign')}
        none={t('popupNoCampaign')}
        value={campaignId}
        unknownLabel={(v) => t('optionsCampaignNotInList', v)}
        choices={campaignChoices(campaigns)}
        onChange={(v) => {
          setCampaignId(v);
          setPresetId(data?.campaignPresets[v] ?? '');
        }}
      />
      <PresetSelect
        id={`${id}-preset`}
        name="preset"
        label={t('optionsCampaignPreset')}
        value={presetId}
        presets={presets}
        onChange={setPresetId}
      />
    </FormCard>
  );
}
