import { useMemo } from 'react';
import { sendableDomains } from '@/lib/ui/choices';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/** The option for a remembered choice whose list has not arrived yet. */
function pendingOption(value: string, known: boolean) {
  return value !== '' && !known ? <option value={value}>{t('commonLoading')}</option> : null;
}

/** Select "Domain": the default domain, then every branded domain that can be chosen. */
export function DomainSelect({ invalid }: { invalid: boolean }) {
  const domains = usePopup((s) => s.domains);
  const value = usePopup((s) => s.form.domainId);
  const setDomain = usePopup((s) => s.setDomain);
  const busy = usePopup((s) => s.busy);
  const choices = useMemo(() => sendableDomains(domains.value), [domains.value]);
  const known = choices.some((d) => String(d.id) === value);
  return (
    <div className="field">
      <label htmlFor="domain">{t('commonDomain')}</label>
      <select
        id="domain"
        value={value}
        disabled={busy}
        aria-invalid={invalid || undefined}
        aria-describedby={domains.state === 'error' ? 'domain-hint' : undefined}
        onChange={(e) => setDomain(e.target.value)}
      >
        <option value="">{t('popupDefaultDomain')}</option>
        {pendingOption(value, known)}
        {choices.map((d) => (
          <option key={d.id} value={String(d.id)}>
            {d.domain || t('commonDomainNumbered', d.id ?? '')}
          </option>
        ))}
      </select>
      {domains.state === 'error' && (
        <p id="domain-hint" className="hint">
          {t('popupDomainsFailed')}
        </p>
      )}
    </div>
  );
}

/** Select "Campaign": no campaign, then every campaign by name. */
export function CampaignSelect() {
  const campaigns = usePopup((s) => s.campaigns);
  const value = usePopup((s) => s.form.campaignId);
  const setCampaign = usePopup((s) => s.setCampaign);
  const busy = usePopup((s) => s.busy);
  const known = campaigns.value.some((c) => String(c.id) === value);
  return (
    <div className="field">
      <label htmlFor="campaign">{t('commonCampaign')}</label>
      <select
        id="campaign"
        value={value}
        disabled={busy}
        aria-describedby={campaigns.state === 'error' ? 'campaign-hint' : undefined}
        onChange={(e) => setCampaign(e.target.value)}
      >
        <option value="">{t('popupNoCampaign')}</option>
        {pendingOption(value, known)}
        {campaigns.value.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name || t('commonCampaignNumbered', c.id)}
          </option>
        ))}
      </select>
      {campaigns.state === 'error' && (
        <p id="campaign-hint" className="hint">
          {t('popupCampaignsFailed')}
        </p>
      )}
    </div>
  );
}
