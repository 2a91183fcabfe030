import { useMemo } from 'react';
import {
  campaignChoices as toCampaignChoices,
  channelChoices as toChannelChoices,
  domainChoices as toDomainChoices,
} from '@/lib/ui/choices';
import { t } from '@/lib/i18n';
import { useBulk } from './BulkContext';
import { ChoiceSelect } from '@/components/common/ChoiceSelect';

/** Selects "Domain", "Campaign", "Channel" and the checkbox "Make new links even if one exists". */
export function BulkChoices({ disabled }: { disabled: boolean }) {
  const domains = useBulk((s) => s.domains);
  const campaigns = useBulk((s) => s.campaigns);
  const channels = useBulk((s) => s.channels);
  const form = useBulk((s) => s.form);
  const setDomain = useBulk((s) => s.setDomain);
  const setCampaign = useBulk((s) => s.setCampaign);
  const setChannel = useBulk((s) => s.setChannel);
  const setMakeNew = useBulk((s) => s.setMakeNew);
  const domainChoices = useMemo(() => toDomainChoices(domains.value), [domains.value]);
  const campaignChoices = useMemo(() => toCampaignChoices(campaigns.value), [campaigns.value]);
  const channelChoices = useMemo(() => toChannelChoices(channels.value), [channels.value]);
  const loading = () => t('commonLoading');
  return (
    <fieldset className="bulk-choices" disabled={disabled}>
      <legend className="visually-hidden">{t('bulkChoicesLegend')}</legend>
      <div className="bulk-selects">
        <ChoiceSelect
          id="bulk-domain"
          label={t('commonDomain')}
          none={t('popupDefaultDomain')}
          value={form.domainId}
          choices={domainChoices}
          unknownLabel={loading}
          failed={domains.state === 'error' ? t('popupDomainsFailed') : null}
          disabled={disabled}
          onChange={setDomain}
        />
        <ChoiceSelect
          id="bulk-campaign"
          label={t('commonCampaign')}
          none={t('popupNoCampaign')}
          value={form.campaignId}
          choices={campaignChoices}
          unknownLabel={loading}
          failed={campaigns.state === 'error' ? t('popupCampaignsFailed') : null}
          disabled={disabled}
          onChange={setCampaign}
        />
        <ChoiceSelect
          id="bulk-channel"
          label={t('commonChannel')}
          none={t('popupNoChannel')}
          value={form.channelId}
          choices={channelChoices}
          unknownLabel={loading}
          failed={channels.state === 'error' ? t('popupChannelsFailed') : null}
          disabled={disabled}
          onChange={setChannel}
        />
      </div>
      <label className="check">
        <input type="checkbox" checked={form.makeNew} onChange={(e) => setMakeNew(e.target.checked)} />
        {t('bulkMakeNew')}
      </label>
    </fieldset>
  );
}
