import { describe, expect, it } from 'vitest';
import { addUtm } from '@/lib/links/utm';
import { cleanUrl } from '@/lib/links/cleanUrl';
import { MAX_URL_LENGTH } from '@/lib/api/constants';

const NEWS = { source: 'news', medium: 'email' };

// [address, values, expected]
const CASES: [string, Record<string, string>, string][] = [
  // Existing query: after it, before the fragment.
  ['https://example.com/page/article?id=5#top', NEWS, 'https://example.com/page/article?id=5&utm_source=news&utm_medium=email#top'],
  ['https://example.com/a', NEWS, 'https://example.com/a?utm_source=news&utm_medium=email'],
  ['https://example.com/a?', NEWS, 'https://example.com/a?utm_source=news&utm_medium=email'],
  ['https://example.com/a?x=1&', NEWS, 'https://example.com/a?x=1&utm_source=news&utm_medium=email'],
  // All five, in their order, empty ones left out.
  [
    'https://example.com/',
    { content: 'c', term: 't', campaign: 'spring', medium: '', source: 's' },
    'https://example.com/?utm_source=s&utm_campaign=spring&utm_term=t&utm_content=c',
  ],
  // Repeated keys stay as written.
  ['https://example.com/f?tag=a&tag=b&tag=c', NEWS, 'https://example.com/f?tag=a&tag=b&tag=c&utm_source=news&utm_medium=email'],
  // Encoded values: the query's own kept as written, ours encoded once.
  [
    'https://example.com/s?q=a%20b+c&next=%2Fhome',
    { source: 'spring sale', campaign: 'a&b=c/ü', term: '50%' },
    'https://example.com/s?q=a%20b+c&next=%2Fhome&utm_source=spring%20sale&utm_campaign=a%26b%3Dc%2F%C3%BC&utm_term=50%25',
  ],
  ['https://example.com/s', { source: '%20' }, 'https://example.com/s?utm_source=%2520'],
  // Fragments, also one that looks like a query.
  ['https://example.com/doc#section-2?x=y', NEWS, 'https://example.com/doc?utm_source=news&utm_medium=email#section-2?x=y'],
  ['https://app.example/#/route', NEWS, 'https://app.example/?utm_source=news&utm_medium=email#/route'],
  // IDN hosts and ports untouched.
  ['https://münchen.de/stadt?lang=de', NEWS, 'https://münchen.de/stadt?lang=de&utm_source=news&utm_medium=email'],
  ['https://xn--mnchen-3ya.de/', NEWS, 'https://xn--mnchen-3ya.de/?utm_source=news&utm_medium=email'],
  ['http://127.0.0.1:8080/p?id=5', NEWS, 'http://127.0.0.1:8080/p?id=5&utm_source=news&utm_medium=email'],
  // The address's own utm_* of a name given a value is replaced (one value per name, ours at the
  // end, in any letter case); its other parameters, tracking ones too, stay where they are.
  ['https://example.com/a?UTM_Source=tw', NEWS, 'https://example.com/a?utm_source=news&utm_medium=email'],
  [
    'https://example.com/a?utm_campaign=spring&fbclid=1',
    NEWS,
    'https://example.com/a?utm_campaign=spring&fbclid=1&utm_source=news&utm_medium=email',
  ],
  ['https://example.com/a?utm_source=tw&id=5', NEWS, 'https://example.com/a?id=5&utm_source=news&utm_medium=email'],
  // Nothing to add, or not a web address: unchanged.
  ['https://example.com/a?id=5', { source: '  ' }, 'https://example.com/a?id=5'],
  ['ftp://example.com/a', NEWS, 'ftp://example.com/a'],
];

describe('addUtm', () => {
  it.each(CASES)('%s + %j', (url, values, expected) => {
    expect(addUtm(url, values).url).toBe(expected);
  });

  it('"Keep them" on a page with its own utm_source: what is sent says what the fields say', () => {
    // The address as it was (Keep them), a preset Newsletter: the fields show source "newsletter".
    const out = addUtm('https://example.com/article?utm_source=old&x=1#frag', { source: 'newsletter', medium: 'email' });
    expect(out.url).toBe('https://example.com/article?x=1&utm_source=newsletter&utm_medium=email#frag');
    expect(new URL(out.url).searchParams.getAll('utm_source')).toEqual(['newsletter']);
    expect(out.replaced).toEqual(['utm_source']);
  });

  it('is added after the cleaning, so the cleaning never removes a preset', () => {
    const cleaned = cleanUrl('https://example.com/page/article?utm_source=x&fbclid=1&id=5#top').url;
    expect(addUtm(cleaned, NEWS).url).toBe('https://example.com/page/article?id=5&utm_source=news&utm_medium=email#top');
  });

  it('names what it added and what of the address it replaced', () => {
    const out = addUtm('https://example.com/?utm_source=a&utm_term=t', NEWS);
    expect(out.added).toEqual(['utm_source', 'utm_medium']);
    expect(out.replaced).toEqual(['utm_source']);
  });

  it('leaves the address as it was when adding would pass the length limit, and says so', () => {
    const head = 'https://example.com/?q=';
    const atLimit = head + 'a'.repeat(MAX_URL_LENGTH - head.length);
    expect(atLimit.length).toBe(MAX_URL_LENGTH);
    expect(addUtm(atLimit, NEWS)).toEqual({ url: atLimit, added: [], replaced: [], tooLong: true });
    const room = head + 'a'.repeat(MAX_URL_LENGTH - head.length - '&utm_source=news'.length);
    expect(addUtm(room, { source: 'news' })).toEqual({
      url: `${room}&utm_source=news`,
      added: ['utm_source'],
      replaced: [],
      tooLong: false,
    });
    expect(addUtm(room, { source: 'news' }).url.length).toBe(MAX_URL_LENGTH);
  });
});
