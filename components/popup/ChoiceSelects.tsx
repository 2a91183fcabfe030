import { useMemo } from 'react';
import { campaignChoices, channelChoices, domainChoices } from '@/lib/ui/choices';
import { ChoiceSelect } from '@/components/common/ChoiceSelect';
import { usePopup } from './PopupContext';
import type { PopupState } from '@/lib/ui/popup/state';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { t } from '@/lib/i18n';

/**
 * Whether the account is being switched: the lists are replaced then, and the selects wait. A
 * press does not disable them: its request carries the choices made when it was pressed, and
 * what is chosen meanwhile is for the next link.
 */
const switchingAccount = (s: PopupState) => !!s.accounts?.switchingTo;

/** A remembered choice whose list has not arrived yet. */
const loading = () => t('commonLoading');

/** Select "Domain": the default domain, then every branded domain that can be chosen. */
export function DomainSelect({ invalid }: { invalid: boolean }) {
  const domains = usePopup((s) => s.domains);
  const value = usePopup((s) => s.form.domainId);
  const setDomain = usePopup((s) => s.setDomain);
  const switching = usePopup(switchingAccount);
  const choices = useMemo(() => domainChoices(domains.value), [domains.value]);
  return (
    <ChoiceSelect
      id="domain"
      label={t('commonDomain')}
      none={t('popupDefaultDomain')}
      value={value}
      choices={choices}
      unknownLabel={loading}
      failed={domains.state === 'error' ? t('popupDomainsFailed') : null}
      disabled={switching}
      invalid={invalid}
      onChange={setDomain}
    />
  );
}

/** Select "Campaign": no campaign, then every campaign by name. */
export function CampaignSelect() {
  const campaigns = usePopup((s) => s.campaigns);
  const value = usePopup((s) => s.form.campaignId);
  const setCampaign = usePopup((s) => s.setCampaign);
  const switching = usePopup(switchingAccount);
  const choices = useMemo(() => campaignChoices(campaigns.value), [campaigns.value]);
  return (
    <ChoiceSelect
      id="campaign"
      label={t('commonCampaign')}
      none={t('popupNoCampaign')}
      value={value}
      choices={choices}
      unknownLabel={loading}
      failed={campaigns.state === 'error' ? t('popupCampaignsFailed') : null}
      disabled={switching}
      onChange={setCampaign}
    />
  );
}

/** Select "Channel": no channel, then every channel of the account by name. */
export function ChannelSelect() {
  const channels = usePopup((s) => s.channels);
  const value = usePopup((s) => s.form.channelId);
  const setChannel = usePopup((s) => s.setChannel);
  const switching = usePopup(switchingAccount);
  // An account may have many channels (the demo account 40): in the first render only the chosen
  // one (a closed select shows no other), every one right after it.
  const later = useAfterFirstPaint();
  const choices = useMemo(
    () => channelChoices(later ? channels.value : channels.value.filter((c) => String(c.id) === value)),
    [channels.value, later, value],
  );
  return (
    <ChoiceSelect
      id="channel"
      label={t('commonChannel')}
      none={t('popupNoChannel')}
      value={value}
      choices={choices}
      unknownLabel={loading}
      failed={channels.state === 'error' ? t('popupChannelsFailed') : null}
      disabled={switching}
      onChange={setChannel}
    />
  );
}
