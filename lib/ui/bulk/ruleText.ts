/** What a site rule chose for a row of the bulk page, in words, and each row's campaign as the results name it. */
import type { Campaign, Channel, Domain } from '@/lib/api';
import { t } from '@/lib/i18n';
import type { BulkBatchView, BulkRowView } from '@/lib/messaging';
import { campaignChoices, channelChoices, domainChoices, type Choice } from '@/lib/ui/choices';

/** The lists the names come from (an id not in them is written as its number). */
export interface RowLists {
  domains: readonly Domain[];
  campaigns: readonly Campaign[];
  channels: readonly Channel[];
}

function nameOf(choices: readonly Choice[], id: number | null): string {
  return choices.find((x) => x.id === id)?.label ?? `#${id}`;
}

/** The campaign a row is filed into: its own (a rule's) or the batch's; '' for none. */
export function rowCampaign(batch: BulkBatchView, item: BulkRowView, campaigns: readonly Campaign[]): string {
  const id = item.choices ? item.choices.campaignId : batch.campaignId;
  return id === null ? '' : nameOf(campaignChoices(campaigns), id);
}

/** "Rule: example.com/blog/ chose Campaign “Spring”" for a row a site rule matched; null for one without. */
export function ruleText(item: BulkRowView, lists: RowLists): string | null {
  if (!item.rule) return null;
  const c = item.choices;
  const words = item.rule.chose.map((part) => {
    if (part === 'domain') return t('bulkRuleChoseDomain', nameOf(domainChoices(lists.domains), c?.domainId ?? null));
    if (part === 'campaign') return t('bulkRuleChoseCampaign', nameOf(campaignChoices(lists.campaigns), c?.campaignId ?? null));
    if (part === 'channel') return t('bulkRuleChoseChannel', nameOf(channelChoices(lists.channels), c?.channelId ?? null));
    return t('bulkRuleChosePreset');
  });
  return words.length ? t('bulkRowRule', item.rule.site, words.join(', ')) : t('bulkRowRuleOverridden', item.rule.site);
}
