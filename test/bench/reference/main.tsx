/**
 * The reference popup of the bench: the least a React popup must do to show the same form as
 * the project's popup (Long URL from the tab, Domain and Campaign from the worker's cache with
 * the remembered choices, an enabled Shorten). One bundle, one storage read (in parallel with
 * the tab's address) before its only render. It never talks to the worker. Built by
 * test/bench/reference.ts into a copy of the extension as reference.html.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

interface Item {
  id: number | null;
  name?: string;
  domain?: string;
}
interface Stored {
  cache?: { lists?: { domains?: { value?: Item[] }; campaigns?: { value?: Item[] } } };
  settings?: { lastDomainId?: number | null; lastCampaignId?: number | null };
}

function Popup({ url, domains, campaigns, domainId, campaignId }: { url: string; domains: Item[]; campaigns: Item[]; domainId: string; campaignId: string }) {
  const [longUrl, setLongUrl] = useState(url);
  const [domain, setDomain] = useState(domainId);
  const [campaign, setCampaign] = useState(campaignId);
  return (
    <main>
      <h1>LinkShort</h1>
      <form className="shorten-form" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="long-url">Long URL</label>
        <input id="long-url" type="url" value={longUrl} onChange={(e) => setLongUrl(e.target.value)} />
        <label htmlFor="domain">Domain</label>
        <select id="domain" value={domain} onChange={(e) => setDomain(e.target.value)}>
          <option value="">Default domain</option>
          {domains.map((d) => (
            <option key={d.id} value={String(d.id)}>
              {d.domain}
            </option>
          ))}
        </select>
        <label htmlFor="campaign">Campaign</label>
        <select id="campaign" value={campaign} onChange={(e) => setCampaign(e.target.value)}>
          <option value="">No campaign</option>
          {campaigns.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={!longUrl}>
          Shorten
        </button>
      </form>
    </main>
  );
}

void Promise.all([
  chrome.storage.local.get(['cache', 'settings']) as Promise<Stored>,
  chrome.tabs.query({ active: true, currentWindow: true }),
]).then(([stored, [tab]]) => {
  const domains = (stored.cache?.lists?.domains?.value ?? []).filter((d) => typeof d.id === 'number' && Number.isInteger(d.id) && d.id > 0);
  const campaigns = stored.cache?.lists?.campaigns?.value ?? [];
  const id = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  createRoot(document.getElementById('root')!).render(
    <Popup
      url={tab?.url ?? ''}
      domains={domains}
      campaigns={campaigns}
      domainId={id(stored.settings?.lastDomainId)}
      campaignId={id(stored.settings?.lastCampaignId)}
    />,
  );
});
