/**
 * Site rules' and UTM parameters' actions in the popup, loaded after its first render when the account
 * has presets or rules (or when the UTM disclosure opens): the stored record checked (zod), the
 * rule matching the page applied (its Domain, Campaign, Channel and preset), and the UTM values
 * added to the Long URL after the cleaning, so that the field shows what will be sent.
 */
import { readAccountRules, type AccountLinkRules, type UtmPreset } from '@/lib/links/linkRules';
import { campaignPreset } from '@/lib/links/ruleChoices';
import { isOrgId, storedOrg, withOrganisation } from '@/lib/links/orgRules';
import { matchRule, siteLabel } from '@/lib/links/siteRules';
import { addUtm, UTM_FIELDS, type UtmField } from '@/lib/links/utm';
import { toId } from '@/lib/ui/choices';
import type { PopupUtm, UtmLater } from './utm';
import type { PopupKit } from './state';

/** The five values of a preset (none: all empty). */
function valuesOf(preset: UtmPreset | null): PopupUtm['values'] {
  return Object.fromEntries(UTM_FIELDS.map((f) => [f, preset?.[f] ?? ''])) as PopupUtm['values'];
}

/** The rules' and UTM actions (store.ts loads them on the first call of one). */
export function utmActions({ set, get }: PopupKit): UtmLater {
  /** The preset the rule or the campaign chooses (the user's choice wins once made). */
  const chosenPreset = (data: AccountLinkRules, rulePresetId: string | null): UtmPreset | null =>
    (rulePresetId ? data.presets.find((p) => p.id === rulePresetId) : null) ?? campaignPreset(data, toId(get().form.campaignId));

  const applyPreset = async (preset: UtmPreset | null) => {
    const s = get();
    if (s.utm.edited) return;
    if ((preset?.id ?? '') === s.utm.presetId) return;
    set({ utm: { ...s.utm, presetId: preset?.id ?? '', values: valuesOf(preset) } });
    await refreshUtm();
  };

  let rulePresetId: string | null = null;

  async function refreshUtm() {
    const s = get();
    // Not edited and cleaned: the cleaned address; else the address before the last UTM parameters.
    const base = !s.form.urlEdited && s.cleaned ? s.cleaned.url : (s.utm.base ?? s.form.url);
    const out = addUtm(base, s.utm.values);
    set({ form: { ...s.form, url: out.url }, utm: { ...s.utm, base, tooLong: out.tooLong, replaced: out.replaced } });
  }

  return {
    async applyRules() {
      const s = get();
      const raw = s.linkRulesRaw as { org?: unknown } | null;
      const data = withOrganisation(readAccountRules(raw), storedOrg(raw?.org));
      const match = matchRule(data.rules, s.tabUrl);
      const rule = match?.rule ?? null;
      rulePresetId = rule?.presetId ?? null;
      const missingPreset = rulePresetId !== null && !data.presets.some((p) => p.id === rulePresetId);
      set({
        linkRules: data,
        rule: rule && {
          site: siteLabel(match!.site),
          domainId: rule.domainId,
          campaignId: rule.campaignId,
          channelId: rule.channelId,
          missing: missingPreset ? ['preset'] : [],
          ...(isOrgId(rule.id) ? { org: true } : {}),
        },
      });
      await get().formActions.applyRemembered();
      await applyPreset(chosenPreset(data, rulePresetId));
    },

    refreshUtm,

    async setUtmField(field: UtmField, value: string) {
      const s = get();
      set({ utm: { ...s.utm, values: { ...s.utm.values, [field]: value }, edited: true } });
      await refreshUtm();
    },

    async setUtmPreset(presetId: string) {
      const s = get();
      const preset = s.linkRules?.presets.find((p) => p.id === presetId) ?? null;
      set({ utm: { ...s.utm, presetId: preset?.id ?? '', values: valuesOf(preset), edited: true } });
      await refreshUtm();
    },

    async followCampaign() {
      const data = get().linkRules;
      if (data) await applyPreset(chosenPreset(data, rulePresetId));
    },
  };
}
