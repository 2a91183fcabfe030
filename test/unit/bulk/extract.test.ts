import { describe, expect, it } from 'vitest';
import { extractAddresses } from '@/lib/bulk/extract';
import { MAX_URL_LENGTH } from '@/lib/api/constants';

describe('extractAddresses', () => {
  it('takes one address a line, in order, and skips blank lines', () => {
    const r = extractAddresses('https://a.example/1\n\n  http://b.example/2?x=1  \r\nhttps://c.example/3#top\n');
    expect(r.urls).toEqual(['https://a.example/1', 'http://b.example/2?x=1', 'https://c.example/3#top']);
    expect(r.skipped).toEqual([]);
  });

  it('takes every http(s) address out of an email', () => {
    const mail = [
      'Hi team,',
      '',
      'the report is at https://reports.example.com/q3?id=7. Slides: <https://slides.example.com/deck>,',
      'and the recording (https://video.example.com/rec/42) is up.',
      'Thanks!',
    ].join('\n');
    const r = extractAddresses(mail);
    expect(r.urls).toEqual(['https://reports.example.com/q3?id=7', 'https://slides.example.com/deck', 'https://video.example.com/rec/42']);
    // The prose lines hold no address and are said so.
    expect(r.skipped.map((s) => s.text)).toEqual(['Hi team,', 'Thanks!']);
  });

  it('takes the targets of a Markdown document, keeping balanced parentheses', () => {
    const md =
      '# Links\n- [Docs](https://docs.example.com/start) and [wiki](https://en.wikipedia.org/wiki/Foo_(bar))\n- **https://x.example/y**';
    const r = extractAddresses(md);
    expect(r.urls).toEqual(['https://docs.example.com/start', 'https://en.wikipedia.org/wiki/Foo_(bar)', 'https://x.example/y']);
    expect(r.skipped).toEqual([{ text: '# Links', reason: 'no web address in this line' }]);
  });

  it('skips other schemes, browser pages, long addresses and plain text, each with its reason', () => {
    const long = `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`;
    const r = extractAddresses(
      [
        'ftp://files.example.com/a.zip',
        'chrome://settings',
        'about:blank',
        long,
        'just some words',
        'example.com',
        'get it from ftp://x.example/f',
      ].join('\n'),
    );
    expect(r.urls).toEqual([]);
    const reasons = r.skipped.map((s) => s.reason);
    expect(reasons[0]).toMatch(/not ftp:/);
    expect(reasons[1]).toMatch(/page of the browser/);
    expect(reasons[2]).toMatch(/page of the browser/);
    expect(reasons[3]).toMatch(/too long/);
    expect(reasons[4]).toBe('no web address in this line');
    expect(reasons[5]).toMatch(/full web address/);
    expect(reasons[6]).toMatch(/not ftp:/);
    expect(r.skipped[3]!.text.length).toBeLessThanOrEqual(120);
  });

  it('accepts a link to an add-on store page (only the popup on that page is refused)', () => {
    expect(extractAddresses('https://addons.mozilla.org/firefox/addon/x/').urls).toEqual(['https://addons.mozilla.org/firefox/addon/x/']);
  });

  // A line that is one address is taken whole (each of these was cut short before).
  it.each([
    ["https://en.wikipedia.org/wiki/Conway's_Game_of_Life", "https://en.wikipedia.org/wiki/Conway's_Game_of_Life"],
    ['https://www.example.com/search?q="exact phrase"', 'https://www.example.com/search?q="exact%20phrase"'],
    ['https://api.example.com/q?a=1,2&name="quoted"&x=y', 'https://api.example.com/q?a=1,2&name="quoted"&x=y'],
    ['https://example.com/docs/a`b', 'https://example.com/docs/a`b'],
    ['https://example.com/page.', 'https://example.com/page.'],
    ["'https://en.wikipedia.org/wiki/Conway's_Game_of_Life'", "https://en.wikipedia.org/wiki/Conway's_Game_of_Life"],
    ['"https://www.example.com/search?q="exact phrase""', 'https://www.example.com/search?q="exact%20phrase"'],
    ['`https://example.com/x`', 'https://example.com/x'],
    ['<https://example.com/x>', 'https://example.com/x'],
    ['(https://en.wikipedia.org/wiki/Foo_(bar))', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
  ])('alone on a line, %s is taken whole', (line, url) => {
    const r = extractAddresses(line);
    expect(r.urls).toEqual([url]);
    expect(r.skipped).toEqual([]);
    expect(r.trimmed).toEqual([]);
  });

  // Inside prose, quotes and brackets end an address only where they enclose it.
  it.each([
    ["Read 'https://en.wikipedia.org/wiki/Conway's_Game_of_Life'.", ["https://en.wikipedia.org/wiki/Conway's_Game_of_Life"], ''],
    ['the call "https://api.example.com/q?a=1,2&name="quoted"&x=y", then', ['https://api.example.com/q?a=1,2&name="quoted"&x=y'], ''],
    ['Run `https://example.com/docs/a` now', ['https://example.com/docs/a'], ''],
    ['He said “https://example.com/smart” twice', ['https://example.com/smart'], ''],
    ['[wiki](https://en.wikipedia.org/wiki/Foo_(bar)), ok', ['https://en.wikipedia.org/wiki/Foo_(bar)'], ''],
    ['two: (https://a.example/1),(https://b.example/2)', ['https://a.example/1', 'https://b.example/2'], ''],
    ['quoted "https://a.example/1","https://b.example/2" pair', ['https://a.example/1', 'https://b.example/2'], ''],
    ["it is https://example.com/it's here", ["https://example.com/it's"], ''],
    ['See https://example.com/a. Then more', ['https://example.com/a'], '.'],
    ['(see https://example.com/a)', ['https://example.com/a'], ')'],
  ])('in prose, %s', (line, urls, cut) => {
    const r = extractAddresses(line);
    expect(r.urls).toEqual(urls);
    expect(r.skipped).toEqual([]);
    // What was left off an address's end is said, with why.
    expect(r.trimmed).toEqual(cut ? [{ url: urls[0], cut, reason: expect.stringContaining(`“${cut}” left off its end`) }] : []);
  });

  it('keeps repeats for prepareBatch to drop', () => {
    expect(extractAddresses('https://a.example/\nhttps://a.example/').urls).toHaveLength(2);
  });
});

describe('a typo in an address line', () => {
  it('a line that starts as an address and goes on after a space is refused with why, never sent cut short', () => {
    const r = extractAddresses('https://exa mple.com/space\nhttps://example.com/ok');
    expect(r.urls).toEqual(['https://example.com/ok']);
    expect(r.trimmed).toEqual([]);
    expect(r.skipped).toEqual([
      { text: 'https://exa mple.com/space', reason: expect.stringContaining('goes on after a space (“mple.com/space”)') },
    ]);
  });

  it.each([['<https://exa mple.com/x>'], ['https://example.com/a great read']])('%s is refused too', (line) => {
    expect(extractAddresses(line).urls).toEqual([]);
    expect(extractAddresses(line).skipped[0]!.reason).toMatch(/goes on after a space/);
  });

  it('a label before an address, and several addresses on a line, work as before', () => {
    expect(extractAddresses('Link: https://example.com/a').urls).toEqual(['https://example.com/a']);
    expect(extractAddresses('https://a.example/1 https://b.example/2').urls).toEqual(['https://a.example/1', 'https://b.example/2']);
    expect(extractAddresses('https://www.example.com/search?q="exact phrase"').urls).toEqual([
      'https://www.example.com/search?q="exact%20phrase"',
    ]);
  });
});
