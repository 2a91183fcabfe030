/** The words for a site rule that names what no longer exists (popup, notification, options). */
import type { MissingPart } from './ruleChoices';
import { t, type MessageKey } from '@/lib/i18n';

const PART: Record<MissingPart, MessageKey> = {
  domain: 'rulePartDomain',
  campaign: 'rulePartCampaign',
  channel: 'rulePartChannel',
  preset: 'rulePartPreset',
};

/** "The rule for example.com names a campaign that no longer exists: the default is used instead." */
export function ruleFallbackText(site: string, missing: readonly MissingPart[]): string {
  return t('ruleFallbackBody', site, missingWords(missing));
}

/** The parts a rule names that are gone, in words ("campaign, channel"). */
export function missingWords(missing: readonly MissingPart[]): string {
  return missing.map((m) => t(PART[m])).join(', ');
}
