import { describe, expect, it } from 'vitest';
import { cleanUrl } from '@/lib/links/cleanUrl';
import { isTrackingParam } from '@/lib/links/trackingParams';

// Real-world shapes: newsletters, ads, social shares, shops, search results.
const CASES: [string, string, string[]][] = [
  [
    'https://example.com/page/article?utm_source=news&utm_medium=mail&id=5#top',
    'https://example.com/page/article?id=5#top',
    ['utm_source', 'utm_medium'],
  ],
  [
    'https://www.nytimes.com/2024/01/01/world/story.html?smid=url-share&utm_campaign=x',
    'https://www.nytimes.com/2024/01/01/world/story.html?smid=url-share',
    ['utm_campaign'],
  ],
  [
    'https://shop.example/p/123?color=red&gclid=Cj0KCQ&size=M&gbraid=0AAA&wbraid=Cj',
    'https://shop.example/p/123?color=red&size=M',
    ['gclid', 'gbraid', 'wbraid'],
  ],
  ['https://example.com/?fbclid=IwAR2abc', 'https://example.com/', ['fbclid']],
  ['https://www.instagram.com/p/Cx1/?igshid=MzRlODBiNWFlZA==', 'https://www.instagram.com/p/Cx1/', ['igshid']],
  ['https://blog.example/post?_hsenc=p2ANqtz&_hsmi=2&mkt_tok=eyJpIjo', 'https://blog.example/post', ['_hsenc', '_hsmi', 'mkt_tok']],
  ['https://example.com/a?mc_cid=abc&mc_eid=def&page=2', 'https://example.com/a?page=2', ['mc_cid', 'mc_eid']],
  [
    'https://example.com/a?msclkid=1&yclid=2&dclid=3&twclid=4&ttclid=5&li_fat_id=6&x=1',
    'https://example.com/a?x=1',
    ['msclkid', 'yclid', 'dclid', 'twclid', 'ttclid', 'li_fat_id'],
  ],
  // Case-insensitive names, the kept parameter's case untouched.
  ['https://example.com/a?UTM_Source=X&Utm_Medium=Y&Query=Keep', 'https://example.com/a?Query=Keep', ['UTM_Source', 'Utm_Medium']],
  ['https://example.com/a?FBCLID=1&GCLID=2', 'https://example.com/a', ['FBCLID', 'GCLID']],
  // Encoded values and names keep their exact spelling.
  [
    'https://example.com/s?q=a%20b+c&utm_source=x&next=%2Fhome%3Fa%3D1',
    'https://example.com/s?q=a%20b+c&next=%2Fhome%3Fa%3D1',
    ['utm_source'],
  ],
  ['https://example.com/s?utm%5Fsource=x&q=%E2%9C%93', 'https://example.com/s?q=%E2%9C%93', ['utm_source']],
  ['https://example.com/s?q=%ZZbad&utm_term=x', 'https://example.com/s?q=%ZZbad', ['utm_term']],
  // Repeated keys: each kept occurrence stays in place, a repeated tracking key is named once.
  ['https://example.com/f?tag=a&utm_source=1&tag=b&utm_source=2&tag=c', 'https://example.com/f?tag=a&tag=b&tag=c', ['utm_source']],
  // Fragments: kept, even when they look like a query.
  ['https://example.com/doc?utm_source=x#section-2?utm_medium=y', 'https://example.com/doc#section-2?utm_medium=y', ['utm_source']],
  ['https://app.example/#/route?utm_source=x', 'https://app.example/#/route?utm_source=x', []],
  // IDN hosts, written in Unicode or punycode, and ports.
  ['https://münchen.de/stadt?utm_source=x&lang=de', 'https://münchen.de/stadt?lang=de', ['utm_source']],
  ['https://xn--mnchen-3ya.de/stadt?gclid=x', 'https://xn--mnchen-3ya.de/stadt', ['gclid']],
  ['http://127.0.0.1:8080/page/article?utm_content=a&id=5', 'http://127.0.0.1:8080/page/article?id=5', ['utm_content']],
  // Parameters that only look like tracking ones stay.
  [
    'https://example.com/a?utm=1&utm_=2&source=x&medium=y&ref=home&id=5',
    'https://example.com/a?utm=1&utm_=2&source=x&medium=y&ref=home&id=5',
    [],
  ],
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', []],
  ['https://example.com/a?flag&utm_source=x&empty=', 'https://example.com/a?flag&empty=', ['utm_source']],
  ['https://example.com/a?a=1&&utm_source=x&b=2', 'https://example.com/a?a=1&b=2', ['utm_source']],
  ['https://example.com/no-query', 'https://example.com/no-query', []],
  ['https://example.com/?', 'https://example.com/?', []],
];

describe('cleanUrl', () => {
  it.each(CASES)('%s', (input, expected, removed) => {
    const out = cleanUrl(input);
    expect(out.url).toBe(expected);
    expect(out.removed).toEqual(removed);
  });

  it('returns an address with nothing to remove exactly as it was', () => {
    const odd = 'https://example.com/a?b=%7e&c=d+e&b=2#x';
    expect(cleanUrl(odd)).toEqual({ url: odd, removed: [] });
  });

  it('leaves other schemes alone', () => {
    expect(cleanUrl('ftp://example.com/?utm_source=x').url).toBe('ftp://example.com/?utm_source=x');
    expect(cleanUrl('not a url?utm_source=x').url).toBe('not a url?utm_source=x');
  });

  it('gives a valid URL for every case, still pointing at the same host and path', () => {
    for (const [input] of CASES) {
      const a = new URL(input);
      const b = new URL(cleanUrl(input).url);
      expect(b.host).toBe(a.host);
      expect(b.pathname).toBe(a.pathname);
      expect(b.hash).toBe(a.hash);
    }
  });
});

describe('isTrackingParam', () => {
  it('matches the listed names and prefixes in any case, nothing else', () => {
    for (const n of ['utm_source', 'UTM_CAMPAIGN', 'utm_id', 'fbclid', 'gclid', 'mc_eid', '_hsenc', 'li_fat_id', 'mtm_kwd'])
      expect(isTrackingParam(n)).toBe(true);
    for (const n of ['id', 'q', 'page', 'utm', 'utm_', 'ref', 'source', 'gclidx', 'v', 't']) expect(isTrackingParam(n)).toBe(false);
  });
});
