import { describe, expect, it } from 'vitest';
import { accountRulesOf, parseRulesFile, rulesFileOf } from '@/lib/links/linkRules';

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
    const stored = { abc: { presets: [preset, { id: 'x' }], rules: [{ ...rule, site: 'not a site' }, rule, 5], campaignPresets: { 3: 'p1', x: 'p', 4: 7 } } };
    expect(accountRulesOf(stored, 'abc')).toMatchObject({ presets: [preset], rules: [rule], campaignPresets: { 3: 'p1' } });
    expect(accountRulesOf({ abc: 'junk' }, 'abc')).toMatchObject({ presets: [], rules: [] });
  });
});

describe('rules file', () => {
  const good = JSON.stringify(rulesFileOf({ presets: [preset, { ...preset, id: 'p2' }], rules: [rule], campaignPresets: {} }));

  it('exports the rules with the presets they name, and reads its own export back', () => {
    const back = parseRulesFile(good);
    expect(back).toEqual({ ok: true, file: { linkshortSiteRules: 1, rules: [rule], presets: [preset] } });
  });

  it.each([
    ['not JSON', '{', { kind: 'not-json' }],
    ['another file', '{"rules":[]}', { kind: 'invalid', path: 'linkshortSiteRules' }],
    ['a bad site', JSON.stringify({ linkshortSiteRules: 1, presets: [], rules: [{ ...rule, presetId: null, site: 'a b' }] }), { kind: 'invalid', path: 'rules.0.site', message: 'is not a site' }],
    ['a campaign that is not an id', JSON.stringify({ linkshortSiteRules: 1, presets: [], rules: [{ ...rule, presetId: null, campaignId: 'x' }] }), { kind: 'invalid', path: 'rules.0.campaignId' }],
    ['a preset missing', JSON.stringify({ linkshortSiteRules: 1, presets: [], rules: [rule] }), { kind: 'invalid', path: 'rules.0.presetId' }],
  ])('refuses %s with where it is wrong', (_name, content, problem) => {
    const r = parseRulesFile(content);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problem).toMatchObject(problem);
  });
});
