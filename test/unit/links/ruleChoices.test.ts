import { describe, expect, it } from 'vitest';
import { linkChoices } from '@/lib/links/ruleChoices';
import type { AccountLinkRules } from '@/lib/links/linkRules';

const news = { id: 'p1', name: 'Newsletter', source: 'news', medium: 'email', campaign: '', term: '', content: '' };
const social = { id: 'p2', name: 'Social', source: 'social', medium: 'post', campaign: '', term: '', content: '' };
const data: AccountLinkRules = {
  presets: [news, social],
  rules: [
    { id: 'r1', site: 'example.com', domainId: 1, campaignId: null, channelId: 7, presetId: null },
    { id: 'r2', site: 'example.com/blog/', domainId: null, campaignId: 3, channelId: null, presetId: 'p1' },
    { id: 'r3', site: 'gone.example', domainId: 99, campaignId: 98, channelId: 97, presetId: 'nope' },
  ],
  campaignPresets: { 4: 'p2' },
};
const lists = { domains: [{ id: 1 }], campaigns: [{ id: 3 }, { id: 4 }], channels: [{ id: 7 }] } as never;
const base = { domainId: null, campaignId: 4, channelId: null };

describe('linkChoices', () => {
  it('takes what the most specific rule names, the defaults for the rest', () => {
    expect(linkChoices('https://example.com/blog/a', data, lists, base)).toMatchObject({
      site: 'example.com/blog/',
      domainId: null,
      campaignId: 3,
      channelId: null,
      preset: news,
      missing: [],
    });
    expect(linkChoices('https://www.example.com/', data, lists, base)).toMatchObject({
      site: 'example.com',
      domainId: 1,
      campaignId: 4,
      channelId: 7,
      missing: [],
    });
  });

  it("uses the campaign's default preset when the rule names none", () => {
    expect(linkChoices('https://www.example.com/', data, lists, base).preset).toEqual(social);
    expect(linkChoices('https://other.org/', data, lists, base)).toMatchObject({ rule: null, site: null, campaignId: 4, preset: social });
  });

  it('falls back to the defaults for what no longer exists, and names it', () => {
    expect(linkChoices('https://gone.example/', data, lists, base)).toMatchObject({
      domainId: null,
      campaignId: 4,
      channelId: null,
      preset: social,
      missing: ['domain', 'campaign', 'channel', 'preset'],
    });
  });

  it('trusts a choice while its list is not known', () => {
    const unknown = { domains: null, campaigns: null, channels: null };
    expect(linkChoices('https://gone.example/', data, unknown, base)).toMatchObject({
      domainId: 99,
      campaignId: 98,
      channelId: 97,
      missing: ['preset'],
    });
  });

  it("with the bulk page's pickers first, a choice they make wins and the rule chooses only what they leave open, naming what it chose", () => {
    const picked = { domainId: null, campaignId: 4, channelId: null };
    expect(linkChoices('https://example.com/blog/a', data, lists, picked, true)).toMatchObject({
      site: 'example.com/blog/',
      campaignId: 4,
      preset: news,
      chose: ['preset'],
    });
    expect(
      linkChoices('https://example.com/blog/a', data, lists, { domainId: null, campaignId: null, channelId: null }, true),
    ).toMatchObject({
      campaignId: 3,
      chose: ['campaign', 'preset'],
    });
    // Without it (the menu, the shortcut), the rule wins as before.
    expect(linkChoices('https://example.com/blog/a', data, lists, picked)).toMatchObject({ campaignId: 3, chose: ['campaign', 'preset'] });
  });
});
