import { useMemo } from 'react';
import { selectableDomains } from '@/lib/ui/popupStore';
import { usePopup } from './PopupContext';

/** The option for a remembered choice whose list has not arrived yet. */
function pendingOption(value: string, known: boolean) {
  return value !== '' && !known ? <option value={value}>Loading…</option> : null;
}

/** Select "Domain": the default domain, then every branded domain that can be chosen. */
export function DomainSelect({ invalid }: { invalid: boolean }) {
  const domains = usePopup((s) => s.domains);
  const value = usePopup((s) => s.form.domainId);
  const setDomain = usePopup((s) => s.setDomain);
  const busy = usePopup((s) => s.busy);
  const choices = useMemo(() => selectableDomains(domains.items), [domains.items]);
  const known = choices.some((d) => String(d.id) === value);
  return (
    <div className="field">
      <label htmlFor="domain">Domain</label>
      <select
        id="domain"
        value={value}
        disabled={busy}
        aria-invalid={invalid || undefined}
        aria-describedby={domains.state === 'error' ? 'domain-hint' : undefined}
        onChange={(e) => setDomain(e.target.value)}
      >
        <option value="">Default domain</option>
        {pendingOption(value, known)}
        {choices.map((d) => (
          <option key={d.id} value={String(d.id)}>
            {d.domain || `Domain #${d.id}`}
          </option>
        ))}
      </select>
      {domains.state === 'error' && (
        <p id="domain-hint" className="hint">
          Your domains could not be loaded; the default domain is used.
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
  const known = campaigns.items.some((c) => String(c.id) === value);
  return (
    <div className="field">
      <label htmlFor="campaign">Campaign</label>
      <select
        id="campaign"
        value={value}
        disabled={busy}
        aria-describedby={campaigns.state === 'error' ? 'campaign-hint' : undefined}
        onChange={(e) => setCampaign(e.target.value)}
      >
        <option value="">No campaign</option>
        {pendingOption(value, known)}
        {campaigns.items.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name || `Campaign #${c.id}`}
          </option>
        ))}
      </select>
      {campaigns.state === 'error' && (
        <p id="campaign-hint" className="hint">
          Your campaigns could not be loaded.
        </p>
      )}
    </div>
  );
}
