import { useId } from 'react';
import type { UtmPreset } from '@/lib/links/linkRules';
import { UTM_FIELDS, utmQuery, type UtmField } from '@/lib/links/utm';
import type { Checked } from '@/lib/ui/options/forms';
import { errorSentence } from '@/lib/i18n/errorText';
import { t, type MessageKey } from '@/lib/i18n';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { ListView } from './ListSection';
import { LinkRulesHead, newId } from './LinkRulesHead';
import { CampaignPresetForm } from './CampaignPresetForm';
import { useOptions } from './OptionsContext';
import { useSubmit } from './useSubmit';
import { OrgItems } from './OrgItems';

/** The labels of the five UTM fields (the popup's too). */
export const UTM_LABELS: Record<UtmField, MessageKey> = {
  source: 'utmSource',
  medium: 'utmMedium',
  campaign: 'utmCampaign',
  term: 'utmTerm',
  content: 'utmContent',
};

const presetLabel = (p: UtmPreset) => t('optionsPresetLabel', p.name);
const presetView = (p: UtmPreset) => (
  <div className="row">
    <strong className="name">{p.name}</strong>
    <code className="ellipsis">{utmQuery(p)}</code>
  </div>
);

/** UTM presets: named sets of the five values, made, edited and deleted here; and a campaign's default preset. */
export function UtmPresetsSection() {
  const data = useOptions((s) => s.linkRules.value);
  const save = useOptions((s) => s.saveLinkRules);
  return (
    <>
      <p className="hint">{t('optionsUtmPresetsIntro')}</p>
      <OrgItems
        part={data?.org?.presets}
        notes={{ locked: 'optionsOrgPresetsLocked', open: 'optionsOrgPresetsEditable' }}
        view={(p: UtmPreset) => presetView(p)}
        label={presetLabel}
        Form={PresetForm}
      />
      <ListView
        items={data?.presets ?? null}
        head={<LinkRulesHead says />}
        empty="optionsNoPresets"
        item={{
          key: (p) => p.id,
          label: presetLabel,
          view: presetView,
          Form: PresetForm,
          // A campaign's default that named it is forgotten; rules naming it fall back to no preset.
          remove: (p) =>
            save({
              presets: (data?.presets ?? []).filter((x) => x.id !== p.id),
              campaignPresets: Object.fromEntries(Object.entries(data?.campaignPresets ?? {}).filter(([, id]) => id !== p.id)),
            }),
          deletedNote: 'optionsPresetDeleted',
          deleteConsequence: 'optionsPresetInUse',
        }}
      />
      {data && data.presets.length > 0 && <CampaignPresetForm />}
    </>
  );
}

type PresetFields = { name: string } & Record<UtmField, string>;

/** New preset ("Add preset"), an edit of one, or (`copy`) the user's own made from the organisation's. */
function PresetForm({ item: preset, copy, onClose }: { item?: UtmPreset; copy?: boolean; onClose?: (note?: string) => void }) {
  const id = useId();
  const data = useOptions((s) => s.linkRules.value);
  const save = useOptions((s) => s.saveLinkRules);
  const {
    fields: f,
    set,
    reset,
  } = useFields<PresetFields>({
    name: preset?.name ?? '',
    ...(Object.fromEntries(UTM_FIELDS.map((k) => [k, preset?.[k] ?? ''])) as Record<UtmField, string>),
  });

  // The id is given when sent: the checked values of unchanged fields stay equal (the form is emptied after adding).
  const check = (): Checked<Omit<UtmPreset, 'id'>> => {
    const name = f.name.trim();
    if (!name) return { ok: false, field: 'name', message: t('commonInvalidField', t('optionsPresetName'), t('commonIssueRequired')) };
    const values = Object.fromEntries(UTM_FIELDS.map((k) => [k, f[k].trim()])) as Record<UtmField, string>;
    if (!UTM_FIELDS.some((k) => values[k])) return { ok: false, field: 'source', message: t('optionsPresetEmpty') };
    return { ok: true, data: { name, ...values } };
  };

  const submit = useSubmit({
    check,
    run: async (values) => {
      // A copy of the organisation's is added as the user's own; the organisation's stays.
      const own = copy ? undefined : preset;
      const next = { id: own?.id ?? newId('preset'), ...values };
      const presets = data?.presets ?? [];
      // Checked when sent, not with the fields: once added, the name is taken by the preset itself.
      if (presets.some((p) => p.id !== next.id && p.name.toLowerCase() === next.name.toLowerCase()))
        throw new Error(t('optionsPresetNameTaken', next.name));
      await save({ presets: own ? presets.map((p) => (p.id === own.id ? next : p)) : [...presets, next] });
      if (preset) onClose?.(copy ? t('optionsSavedAsOwn', next.name) : t('optionsChangesSaved'));
      else return t('optionsPresetAdded', next.name);
    },
    reset: preset ? undefined : reset,
    describe: (err) => (err instanceof Error ? err.message : errorSentence(err, 'options')),
  });

  return (
    <FormCard
      submit={submit}
      label={preset ? t('optionsEditItem', presetLabel(preset)) : t('optionsNewPreset')}
      submitLabel={t(copy ? 'optionsSaveAsOwn' : preset ? 'optionsUpdatePreset' : 'optionsAddPreset')}
      onCancel={onClose && (() => onClose())}
    >
      <TextField id={`${id}-name`} name="name" label={t('optionsPresetName')} value={f.name} onChange={set('name')} aria-required="true" />
      <div className="grid-two">
        {UTM_FIELDS.map((k) => (
          <div key={k} className="stack">
            <TextField id={`${id}-${k}`} name={k} label={t(UTM_LABELS[k])} value={f[k]} onChange={set(k)} spellCheck={false} />
          </div>
        ))}
      </div>
    </FormCard>
  );
}
