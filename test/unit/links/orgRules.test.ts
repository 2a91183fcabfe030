import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@/lib/storage/policy';
import { isOrgId, storedOrg, withOrganisation } from '@/lib/links/orgRules';
import { linkChoices } from '@/lib/links/ruleChoices';
import { EMPTY_LINK_RULES, type SiteRule } from '@/lib/links/linkRules';
import { MAX_LOGO_BYTES } from '@/lib/qr/style';

const SERVICE = 'https://links.example.com';
const NONE = { domains: null, campaigns: null, channels: null };
const BASE = { domainId: null, campaignId: null, channelId: null };
const rule = (id: string, site: string, campaignId: number | null, presetId: string | null = null): SiteRule => ({
  id,
  site,
  domainId: null,
  campaignId,
  channelId: null,
  presetId,
});
const png = (bytes: number) => `data:image/png;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

describe("the organisation's presets, rules and QR style (policy members)", () => {
  it('reads valid entries with `org:` ids, and ignores each wrong member or entry alone, saying where and why', () => {
    const policy = parsePolicy({
      serviceUrl: SERVICE,
      utmPresets: {
        locked: true,
        presets: [{ id: 'news', name: 'Newsletter', source: 'newsletter', medium: 'email' }, { id: 'bad', name: '' }, 'nope'],
      },
      siteRules: {
        locked: 'yes',
        rules: [
          { id: 'blog', site: 'example.com/blog/', campaignId: 7, presetId: 'news' },
          { id: 'x', site: 'not a site' },
        ],
      },
      qrStyle: { locked: true, foreground: '#1F6FEB', background: '#ffffff', logo: png(1000) },
    });
    expect(policy.org?.presets).toEqual({
      locked: true,
      value: [{ id: 'org:news', name: 'Newsletter', source: 'newsletter', medium: 'email', campaign: '', term: '', content: '' }],
    });
    expect(policy.org?.rules).toEqual({ locked: false, value: [rule('org:blog', 'example.com/blog/', 7, 'org:news')] });
    expect(policy.org?.qrStyle?.value).toMatchObject({ foreground: '#1f6feb', background: '#ffffff', logo: { type: 'image/png' } });
    expect(policy.org?.qrStyle?.locked).toBe(true);
    expect(policy.ignored.map((i) => i.key)).toEqual([
      'utmPresets.presets.1',
      'utmPresets.presets.2',
      'siteRules.locked',
      'siteRules.rules.1',
    ]);
    // The connection's members still apply.
    expect(policy.serviceUrl?.value).toBe(SERVICE);
  });

  it('refuses a logo over the stated size, and a style scanners read badly, keeping the rest', () => {
    const policy = parsePolicy({
      serviceUrl: SERVICE,
      qrStyle: { foreground: '#000000', background: '#ffffff', logo: png(MAX_LOGO_BYTES + 3000) },
      siteRules: { rules: [{ id: 'a', site: 'a.example' }] },
    });
    expect(policy.ignored).toEqual([{ key: 'qrStyle.logo', reason: `larger than ${MAX_LOGO_BYTES / 1024} KB` }]);
    expect(policy.org?.qrStyle?.value.logo).toBeNull();
    expect(parsePolicy({ serviceUrl: SERVICE, qrStyle: { foreground: '#eeeeee', background: '#ffffff' } }).ignored[0]?.key).toBe('qrStyle');
    expect(policy.org?.rules?.value).toHaveLength(1);
  });

  it("are for the policy's service URL: without one they are ignored (and said)", () => {
    const policy = parsePolicy({ siteRules: { rules: [{ id: 'a', site: 'a.example' }] }, keepHistory: false });
    expect(policy.org).toBeUndefined();
    expect(policy.ignored.map((i) => i.key)).toEqual(['siteRules']);
    expect(policy.settings.keepHistory?.value).toBe(false);
  });

  it('own names only: `constructor` or `toString` as a member is ignored, not a crash', () => {
    const policy = parsePolicy(
      JSON.parse(`{"serviceUrl":"${SERVICE}","siteRules":{"rules":[{"id":"a","site":"a.example"}],"constructor":1},"toString":{}}`),
    );
    expect(policy.org?.rules?.value).toHaveLength(1);
  });
});

describe("merged with the user's own", () => {
  const own = { ...EMPTY_LINK_RULES, rules: [rule('u1', 'example.com', 1)] };
  const org = (locked: boolean) => ({ rules: { locked, value: [rule('org:o1', 'example.com', 2)] } });

  it("at equal specificity a locked rule of the organisation wins; an unlocked one gives way to the user's", () => {
    expect(linkChoices('https://example.com/a', withOrganisation(own, org(true)), NONE, BASE)).toMatchObject({
      campaignId: 2,
      rule: { id: 'org:o1' },
    });
    expect(linkChoices('https://example.com/a', withOrganisation(own, org(false)), NONE, BASE)).toMatchObject({
      campaignId: 1,
      rule: { id: 'u1' },
    });
  });

  it("the user's more specific rule still wins over a locked one; an address only the organisation covers gets its rule", () => {
    const mine = { ...EMPTY_LINK_RULES, rules: [rule('u2', 'example.com/blog/', 3)] };
    const merged = withOrganisation(mine, org(true));
    expect(linkChoices('https://example.com/blog/x', merged, NONE, BASE).campaignId).toBe(3);
    expect(linkChoices('https://example.com/shop', merged, NONE, BASE).campaignId).toBe(2);
    expect(isOrgId(linkChoices('https://example.com/shop', merged, NONE, BASE).rule?.id)).toBe(true);
  });

  it("the organisation's preset named by its rule is applied; a stored copy is read again leniently", () => {
    const policy = parsePolicy({
      serviceUrl: SERVICE,
      utmPresets: { presets: [{ id: 'p', name: 'P', source: 's' }] },
      siteRules: { locked: true, rules: [{ id: 'r', site: 'example.com', presetId: 'p' }] },
    });
    const stored = storedOrg(
      JSON.parse(
        JSON.stringify({ ...policy.org, rules: { ...policy.org!.rules, value: [...policy.org!.rules!.value, { id: 'broken' }] } }),
      ),
    );
    expect(stored?.rules?.value.map((r) => r.id)).toEqual(['org:r']);
    expect(linkChoices('https://example.com/', withOrganisation(EMPTY_LINK_RULES, stored), NONE, BASE).preset?.source).toBe('s');
  });
});
