import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { cacheItem, connectionStateItem, policyItem, settingsItem } from '@/lib/storage';
import { linkRulesItem } from '@/lib/storage/linkRules';
import { parsePolicy } from '@/lib/storage/policy';
import type { SiteRule } from '@/lib/links/linkRules';
import { answer, CAMPAIGNS, DOMAINS, FREE, SETTINGS } from './harness';

const askMock = vi.mocked(ask);
const FP = 'abc123';
const SERVICE = 'https://links.example.com';
const mine = (over: Partial<SiteRule>): SiteRule => ({
  id: 'u',
  site: 'example.com',
  domainId: null,
  campaignId: null,
  channelId: null,
  presetId: null,
  ...over,
});

/** A warm open with the user's rule for example.com and a policy with the organisation's rule for the same site. */
async function warmStorage(locked: boolean, forThisService = true) {
  const fetchedAt = Date.now();
  await connectionStateItem.setValue({ connected: true, fingerprint: FP, ...(forThisService ? { orgConventions: true } : {}) });
  await settingsItem.setValue({ ...SETTINGS });
  await cacheItem.setValue({
    fingerprint: FP,
    account: { value: FREE, fetchedAt },
    lists: { domains: { value: DOMAINS, fetchedAt }, campaigns: { value: CAMPAIGNS, fetchedAt }, channels: { value: [], fetchedAt } },
  });
  await linkRulesItem.setValue({ [FP]: { presets: [], rules: [mine({ campaignId: 4 })], campaignPresets: {} } });
  const policy = parsePolicy({
    serviceUrl: SERVICE,
    utmPresets: { locked, presets: [{ id: 'news', name: 'Newsletter', source: 'newsletter', medium: 'email' }] },
    siteRules: { locked, rules: [{ id: 'site', site: 'example.com', campaignId: 3, presetId: 'news' }] },
  });
  await policyItem.setValue({ policy, applied: {} });
}

const longUrl = () => screen.getByRole('textbox', { name: 'Long URL' }) as HTMLInputElement;
const campaign = () => (screen.getByRole('combobox', { name: 'Campaign' }) as HTMLSelectElement).value;

beforeEach(() => {
  fakeBrowser.reset();
});

describe("the organisation's site rules and presets in the popup", () => {
  it('a locked rule of the organisation wins over the user\'s for the same site, applies its preset, and "Rule: …" says whose', async () => {
    await warmStorage(true);
    answer(askMock, { tabUrl: 'https://example.com/a', history: [] });
    render(<App />);
    await screen.findByText("Your organisation's rule: example.com");
    await waitFor(() => expect(longUrl().value).toBe('https://example.com/a?utm_source=newsletter&utm_medium=email'));
    expect(campaign()).toBe('3');
  });

  it("an unlocked one gives way to the user's own rule for the same site", async () => {
    await warmStorage(false);
    answer(askMock, { tabUrl: 'https://example.com/a', history: [] });
    render(<App />);
    await screen.findByText('Rule: example.com');
    await waitFor(() => expect(campaign()).toBe('4'));
    expect(longUrl().value).toBe('https://example.com/a');
  });

  it("not for another service's account: the user's rule only", async () => {
    await warmStorage(true, false);
    answer(askMock, { tabUrl: 'https://example.com/a', history: [] });
    render(<App />);
    await screen.findByText('Rule: example.com');
    await waitFor(() => expect(campaign()).toBe('4'));
  });
});
