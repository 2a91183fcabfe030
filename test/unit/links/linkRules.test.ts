import { describe, expect, it } from 'vitest';
import { accountRulesOf } from '@/lib/links/linkRules';
import { parseRulesFile, planImport, rulesFileOf, type NamedLists } from '@/lib/links/rulesFile';

const preset = { id: 'p1', name: 'Newsletter', source: 'news', medium: 'email', campaign: '', term: '', content: '' };
const rule = { id: 'r1', site: 'example.com/blog/', domainId: null, campaignId: 3, channelId: null, presetId: 'p1' };

describe('stored presets and rules', () => {
  it('reads one account by its fingerprint; another account has none', () => {
    const stored = { abc: { presets: [preset], rules: [rule], campaignPresets: { 3: 'p1' } } };
    expect(accountRulesOf(stored, 'abc')).toMatchObject({ presets: [preset], rules: [rule], campaignPresets: { 3: 'p1' } });
    expect(accountRulesOf(stored, 'other')).toMatchObject({ presets: [], rules: [] });
    expect(accountRulesOf(stored, null)).toMatchObject({ presets: [], rules: [] });
  });

  it('drops a broken entry and keeps the rest', () => {
    const stored = {
      abc: {
        presets: [preset, { id: 'x' }],
        rules: [{ ...rule, site: 'not a site' }, rule, 5],
        campaignPresets: { 3: 'p1', x: 'p', 4: 7 },
      },
    };
    expect(accountRulesOf(stored, 'abc')).toMatchObject({ presets: [preset], rules: [rule], campaignPresets: { 3: 'p1' } });
    expect(accountRulesOf({ abc: 'junk' }, 'abc')).toMatchObject({ presets: [], rules: [] });
  });
});

describe('rules file', () => {
  const noLists: NamedLists = { domains: null, campaigns: null, channels: null };
  const good = JSON.stringify(rulesFileOf({ presets: [preset, { ...preset, id: 'p2' }], rules: [rule], campaignPresets: {} }, noLists));

  it('exports the rules with the presets they name, and reads its own export back', () => {
    const back = parseRulesFile(good);
    expect(back).toEqual({ ok: true, file: { linkshortSiteRules: 1, rules: [rule], presets: [preset] } });
  });

  it.each([
    ['not JSON', '{', { kind: 'not-json' }],
    ['another file', '{"rules":[]}', { kind: 'invalid', path: 'linkshortSiteRules' }],
    [
      'a bad site',
      JSON.stringify({ linkshortSiteRules: 1, presets: [], rules: [{ ...rule, presetId: null, site: 'a b' }] }),
      { kind: 'invalid', path: 'rules.0.site', message: 'is not a site' },
    ],
    [
      'a campaign that is not an id',
      JSON.stringify({ linkshortSiteRules: 1, presets: [], rules: [{ ...rule, presetId: null, campaignId: 'x' }] }),
      { kind: 'invalid', path: 'rules.0.campaignId' },
    ],
    [
      'a preset missing',
      JSON.stringify({ linkshortSiteRules: 1, presets: [], rules: [rule] }),
      { kind: 'invalid', path: 'rules.0.presetId' },
    ],
  ])('refuses %s with where it is wrong', (_name, content, problem) => {
    const r = parseRulesFile(content);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problem).toMatchObject(problem);
  });
});

describe('rules moving between accounts', () => {
  const home: NamedLists = {
    domains: [{ id: 1, domain: 'https://go.home.example' }],
    campaigns: [
      { id: 3, name: 'Spring' },
      { id: 4, name: 'Autumn' },
    ],
    channels: [{ id: 7, name: 'Social' }],
  };
  const blog = { id: 'r1', site: 'example.com/blog/', domainId: 1, campaignId: 3, channelId: 7, presetId: 'p1' };
  const exported = () => rulesFileOf({ presets: [preset], rules: [blog], campaignPresets: {} }, home);
  const empty = { presets: [], rules: [], campaignPresets: {} };

  it('an export names the domain, campaign and channel beside their numbers', () => {
    expect(exported().rules[0]).toEqual({ ...blog, names: { domain: 'https://go.home.example', campaign: 'Spring', channel: 'Social' } });
    expect(parseRulesFile(JSON.stringify(exported()))).toMatchObject({ ok: true, file: { rules: [{ names: { campaign: 'Spring' } }] } });
  });

  it('imported into another account, each part is matched by name when the number there is something else', () => {
    const other: NamedLists = {
      domains: [
        { id: 1, domain: 'https://other.example' },
        { id: 9, domain: 'https://go.home.example' },
      ],
      campaigns: [
        { id: 3, name: 'Winter' },
        { id: 12, name: 'spring' },
      ],
      channels: [{ id: 7, name: 'Email' }],
    };
    const plan = planImport(exported(), empty, other);
    // Campaign #3 is "Winter" there: not taken; "Spring" is #12. The channel matches nothing: listed, left to the default.
    expect(plan.rules).toEqual([{ ...blog, domainId: 9, campaignId: 12, channelId: null }]);
    expect(plan.unmatched).toEqual([{ site: 'example.com/blog/', part: 'channel', name: 'Social', id: 7 }]);
    expect(plan.byNumber).toBe(false);
  });

  it('in the same account, everything matches by number and nothing is listed', () => {
    expect(planImport(exported(), empty, home)).toMatchObject({ rules: [blog], unmatched: [], duplicates: [], empty: [], byNumber: false });
  });

  it('an older file without names imports by number, says so, and lists a number this account does not have', () => {
    const old = {
      linkshortSiteRules: 1 as const,
      rules: [blog, { ...blog, id: 'r2', site: 'shop.example', campaignId: 99, domainId: null, channelId: null }],
      presets: [preset],
    };
    const plan = planImport(old, empty, home);
    expect(plan.byNumber).toBe(true);
    expect(plan.rules.map((r) => r.campaignId)).toEqual([3, null]);
    expect(plan.unmatched).toEqual([{ site: 'shop.example', part: 'campaign', name: '', id: 99 }]);
  });

  it('never brings in what the form refuses: a site twice, a second preset of one name', () => {
    const file = {
      linkshortSiteRules: 1 as const,
      rules: [blog, { ...blog, id: 'r2', site: 'EXAMPLE.com/blog/' }],
      presets: [{ ...preset, id: 'other-id', source: 'mail' }],
    };
    const twice = { ...file, rules: file.rules.map((r) => ({ ...r, presetId: 'other-id' })) };
    const plan = planImport(twice, { presets: [preset], rules: [], campaignPresets: {} }, home);
    expect(plan.rules).toHaveLength(1);
    expect(plan.duplicates).toEqual(['example.com/blog/']);
    // The file's "Newsletter" replaces the account's (its values, the account's number); the rule points to it.
    expect(plan.presets).toEqual([{ ...preset, source: 'mail' }]);
    expect(plan.rules[0]!.presetId).toBe('p1');
  });

  it('a rule left choosing nothing in this account is left out and listed (the form refuses such a rule)', () => {
    const file = {
      linkshortSiteRules: 1 as const,
      presets: [],
      rules: [{ ...blog, presetId: null, domainId: null, channelId: null, names: { campaign: 'Gone' } }],
    };
    const plan = planImport(file, empty, home);
    expect(plan.rules).toEqual([]);
    expect(plan.empty).toEqual(['example.com/blog/']);
    expect(plan.unmatched).toEqual([{ site: 'example.com/blog/', part: 'campaign', name: 'Gone', id: 3 }]);
  });
});
