import { describe, expect, it } from 'vitest';
import { parseRulesFile, planImport, rulesFileOf, type NamedLists } from '@/lib/links/rulesFile';
import { fileStyleOf, planStyle } from '@/lib/links/styleFile';
import { DEFAULT_QR_STYLE, MAX_LOGO_BYTES, type QrStyle } from '@/lib/qr/style';

const noLists: NamedLists = { domains: null, campaigns: null, channels: null };
const rule = { id: 'r1', site: 'example.com/blog/', domainId: null, campaignId: 3, channelId: null, presetId: null };
const rules = { presets: [], rules: [rule], campaignPresets: {} };
const PNG = `data:image/png;base64,${btoa('\x89PNG\r\n\x1a\n' + 'x'.repeat(40))}`;
const logo = { dataUrl: PNG, type: 'image/png' as const, bytes: 48, name: 'logo.png' };
const blue: QrStyle = { foreground: '#1f3a93', background: '#fffff0', logo };
const account = { service: 'https://links.example.com', name: 'Marketing' };
const mine: QrStyle = { foreground: '#222222', background: '#ffffff', logo: null };
/** A base64 data: URL of `bytes` bytes. */
const pngOf = (bytes: number) => `data:image/png;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

/** The file's text with its style replaced by `qrStyle`. */
const withStyle = (qrStyle: unknown) => JSON.stringify({ linkshortSiteRules: 1, account, presets: [], rules: [rule], qrStyle });
const parsed = (text: string) => {
  const r = parseRulesFile(text);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problem)}`);
  return r.file;
};

describe('the QR style in the file of exported rules', () => {
  it('round trip: the export names its account by service and name, and its style lands whole on another account', () => {
    const text = JSON.stringify(rulesFileOf(rules, noLists, { account, style: fileStyleOf(blue) }));
    const file = parsed(text);
    expect(file.account).toEqual(account);
    expect(file.qrStyle).toEqual({ foreground: '#1f3a93', background: '#fffff0', logo: PNG });
    const plan = planStyle(file.qrStyle, mine);
    expect(plan.refused).toEqual([]);
    expect(plan.style).toEqual({ foreground: '#1f3a93', background: '#fffff0', logo: { ...logo, name: 'imported' } });
    expect(planImport(file, rules, noLists).rules).toEqual([rule]);
  });

  it('a style without a logo removes the account’s; a file leaving the logo out keeps it', () => {
    expect(planStyle({ foreground: '#000000', background: '#ffffff', logo: null }, blue).style?.logo).toBeNull();
    expect(planStyle({ foreground: '#000000', background: '#ffffff' }, blue).style?.logo).toEqual(logo);
  });

  it('an older file (no account, no style) still imports, and changes no style', () => {
    const file = parsed(JSON.stringify({ linkshortSiteRules: 1, presets: [], rules: [rule] }));
    expect(file.account).toBeUndefined();
    expect(planStyle(file.qrStyle, mine)).toEqual({ style: null, refused: [] });
    expect(planImport(file, rules, noLists).rules).toEqual([rule]);
  });

  it('a damaged account is as good as none: the rules still import', () => {
    const file = parsed(JSON.stringify({ linkshortSiteRules: 1, account: { service: 7 }, presets: [], rules: [rule] }));
    expect(file.account).toBeUndefined();
    expect(file.rules).toEqual([rule]);
  });

  it('a wrong colour is refused alone: the other member is taken, the account keeps its own for it', () => {
    const plan = planStyle(parsed(withStyle({ foreground: 'red', background: '#fffff0', logo: null })).qrStyle, mine);
    expect(plan.refused).toEqual([{ member: 'foreground', problem: { reason: 'colour' } }]);
    expect(plan.style).toEqual({ foreground: '#222222', background: '#fffff0', logo: null });
  });

  it('a logo over the size limit is refused and said, with its size, never dropped in silence; the colours are taken', () => {
    const big = pngOf(MAX_LOGO_BYTES + 50 * 1024);
    const plan = planStyle(parsed(withStyle({ foreground: '#1f3a93', background: '#ffffff', logo: big })).qrStyle, blue);
    expect(plan.refused).toEqual([{ member: 'logo', problem: { reason: 'logo-size', bytes: expect.any(Number) } }]);
    expect((plan.refused[0]!.problem as { bytes: number }).bytes).toBeGreaterThan(MAX_LOGO_BYTES);
    // The account's own logo stays.
    expect(plan.style).toEqual({ foreground: '#1f3a93', background: '#ffffff', logo });
  });

  it.each([
    ['a logo that is not an image', { logo: 'data:text/html;base64,PGI+' }, [{ member: 'logo', problem: { reason: 'logo-type' } }]],
    ['a logo that is a number', { logo: 5 }, [{ member: 'logo', problem: { reason: 'logo-type' } }]],
    [
      'both colours wrong',
      { foreground: '#12345', background: ['#ffffff'] },
      [
        { member: 'foreground', problem: { reason: 'colour' } },
        { member: 'background', problem: { reason: 'colour' } },
      ],
    ],
    ['light on dark', { foreground: '#ffffff', background: '#000000' }, [{ member: 'colours', problem: { reason: 'inverted' } }]],
    [
      'too little contrast',
      { foreground: '#777777', background: '#888888' },
      [{ member: 'colours', problem: { reason: 'contrast', ratio: expect.any(Number) } }],
    ],
    ['a style that is no style', 'blue', [{ member: 'style', problem: { reason: 'not-style' } }]],
  ])('%s: refused with why, and nothing of it is taken', (_name, qrStyle, refused) => {
    const plan = planStyle(parsed(withStyle(qrStyle)).qrStyle, mine);
    expect(plan.refused).toEqual(refused);
    expect(plan.style).toBeNull();
  });

  it('a foreground that would read badly on the account’s own background is refused with the colours, not taken', () => {
    // The file's background is wrong, so its foreground would go on the account's dark one.
    const dark: QrStyle = { ...DEFAULT_QR_STYLE, foreground: '#000000', background: '#333333' };
    const plan = planStyle({ foreground: '#000000', background: 'dark' }, dark);
    expect(plan.refused.map((r) => r.member)).toEqual(['background', 'colours']);
    expect(plan.style).toBeNull();
  });
});
