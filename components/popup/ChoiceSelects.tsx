import { useMemo } from 'react';
import { sendableDomains } from '@/lib/ui/choices';
import type { Loaded } from '@/lib/ui/store';
import { usePopup } from './PopupContext';
import { useAfterFirstPaint } from './useAfterFirstPaint';
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

/** A select of named items of the account: "none" first, then each item by name (Campaign, Channel). */
function NamedSelect(props: {
  id: string;
  label: string;
  none: string;
  failed: string;
  list: Loaded<readonly { id: number; name?: string | null }[]>;
  value: string;
  numbered: (id: number) => string;
  onChange: (id: string) => void;
}) {
  const busy = usePopup((s) => s.busy);
  const { id, list, value } = props;
  const known = list.value.some((c) => String(c.id) === value);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={value}
        disabled={busy}
        aria-describedby={list.state === 'error' ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.none}</option>
        {pendingOption(value, known)}
        {list.value.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name || props.numbered(c.id)}
          </option>
        ))}
      </select>
      {list.state === 'error' && (
        <p id={`${id}-hint`} className="hint">
          {props.failed}
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
  return (
    <NamedSelect
      id="campaign"
      label={t('commonCampaign')}
      none={t('popupNoCampaign')}
      failed={t('popupCampaignsFailed')}
      list={campaigns}
      value={value}
      numbered={(n) => t('commonCampaignNumbered', n)}
      onChange={setCampaign}
    />
  );
}

/** Select "Channel": no channel, then every channel of the account by name. */
export function ChannelSelect() {
  const channels = usePopup((s) => s.channels);
  const value = usePopup((s) => s.form.channelId);
  const setChannel = usePopup((s) => s.setChannel);
  // An account may have many channels (the demo account 40): in the first render only the chosen
  // one (a closed select shows no other), every one right after it.
  const later = useAfterFirstPaint();
  const list = later ? channels : { ...channels, value: channels.value.filter((c) => String(c.id) === value) };
  return (
    <NamedSelect
      id="channel"
      label={t('commonChannel')}
      none={t('popupNoChannel')}
      failed={t('popupChannelsFailed')}
      list={list}
      value={value}
      numbered={(n) => t('optionsChannelNumbered', n)}
      onChange={setChannel}
    />
  );
}
