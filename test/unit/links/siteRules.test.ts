import { describe, expect, it } from 'vitest';
import { matchRule, parseSite, siteLabel } from '@/lib/links/siteRules';

const rule = (site: string) => ({ site, id: site });

describe('parseSite', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM/blog/', 'example.com/blog/'],
    ['https://example.com:8080/blog/?x=1', 'example.com:8080/blog/'],
    ['*.example.com', 'example.com'],
    ['example.com/', 'example.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['127.0.0.1:3000', '127.0.0.1:3000'],
  ])('%s → %s', (text, label) => {
    expect(siteLabel(parseSite(text)!)).toBe(label);
  });

  it.each(['', '   ', 'exa mple.com', 'user@example.com', '/blog/', 'http://', 'example..com'])('refuses %j', (text) => {
    expect(parseSite(text)).toBeNull();
  });
});

// [rules, address, the site of the rule that should win (null: none)]
const CASES: [string[], string, string | null][] = [
  // A host matches itself and its subdomains, not a longer name.
  [['example.com'], 'https://example.com/a', 'example.com'],
  [['example.com'], 'https://www.shop.example.com/a', 'example.com'],
  [['example.com'], 'https://notexample.com/a', null],
  [['example.com'], 'https://example.com.evil.net/a', null],
  [['shop.example.com'], 'https://example.com/', null],
  // Path prefixes.
  [['example.com/blog/'], 'https://example.com/blog/post-1', 'example.com/blog/'],
  [['example.com/blog/'], 'https://example.com/blog', 'example.com/blog/'],
  [['example.com/blog'], 'https://example.com/blog/post', 'example.com/blog'],
  [['example.com/blog'], 'https://example.com/blogger', null],
  [['example.com/blog/'], 'https://example.com/shop/blog/', null],
  // Ports: a rule without one matches any; with one, only that (the scheme's default counts).
  [['localhost'], 'http://localhost:5173/x', 'localhost'],
  [['localhost:5173'], 'http://localhost:5173/x', 'localhost:5173'],
  [['localhost:5173'], 'http://localhost:8080/x', null],
  [['example.com:443'], 'https://example.com/x', 'example.com:443'],
  // The most specific wins, whatever the order.
  [['example.com', 'example.com/blog/'], 'https://example.com/blog/a', 'example.com/blog/'],
  [['example.com/blog/', 'example.com'], 'https://example.com/shop', 'example.com'],
  [['example.com/blog/', 'www.example.com'], 'https://www.example.com/blog/a', 'www.example.com'],
  [['example.com/blog/', 'example.com/blog/2024/'], 'https://example.com/blog/2024/a', 'example.com/blog/2024/'],
  [['example.com', 'example.com:8443'], 'https://example.com:8443/', 'example.com:8443'],
  // A tie goes to the first listed (the user's order).
  [['example.com', 'https://EXAMPLE.com'], 'https://example.com/', 'example.com'],
  // IDN: either spelling matches either spelling.
  [['münchen.de'], 'https://xn--mnchen-3ya.de/', 'münchen.de'],
  [['xn--mnchen-3ya.de'], 'https://münchen.de/stadt', 'xn--mnchen-3ya.de'],
  // No match: no rules, another host, not a web page, a broken rule.
  [[], 'https://example.com/', null],
  [['example.org'], 'https://example.com/', null],
  [['example.com'], 'chrome://settings', null],
  [['example.com'], 'not a url', null],
  [['bad site', 'example.com'], 'https://example.com/', 'example.com'],
];

describe('matchRule', () => {
  it.each(CASES)('%j on %s → %s', (sites, address, expected) => {
    expect(matchRule(sites.map(rule), address)?.rule.site ?? null).toBe(expected);
  });
});
