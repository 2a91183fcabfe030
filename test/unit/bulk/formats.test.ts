import { describe, expect, it } from 'vitest';
import { csvField, formatResults, toCsv, toCsvFile, type ResultRow } from '@/lib/bulk/formats';

const rows: ResultRow[] = [
  { longUrl: 'https://a.example/1', shortUrl: 'https://sho.rt/a', status: 'made', title: 'Page [one]' },
  { longUrl: 'https://b.example/?q=x,y', shortUrl: 'https://sho.rt/b', status: 'reused' },
  { longUrl: 'https://c.example/"quoted"', shortUrl: null, status: 'failed' },
];

describe('formatResults', () => {
  it('list: one short link a line, only links that exist', () => {
    expect(formatResults('list', rows)).toBe('https://sho.rt/a\nhttps://sho.rt/b');
  });
  it('markdown: a list of [title or address](short link)', () => {
    expect(formatResults('markdown', rows)).toBe('- [Page \\[one\\]](https://sho.rt/a)\n- [https://b.example/?q=x,y](https://sho.rt/b)');
  });
  it('csv: header and every row, quoted properly', () => {
    expect(formatResults('csv', rows)).toBe(
      'long_url,short_url,status,campaign,rule\r\nhttps://a.example/1,https://sho.rt/a,made,,\r\n"https://b.example/?q=x,y",https://sho.rt/b,reused,,\r\n"https://c.example/""quoted""",,failed,,\r\n',
    );
    expect(toCsv([])).toBe('long_url,short_url,status,campaign,rule\r\n');
  });
  it('csv file: the same text after a UTF-8 byte-order mark; the copied CSV has none', () => {
    const accents: ResultRow[] = [{ longUrl: 'https://é.example/crème', shortUrl: 'https://sho.rt/c', status: 'made' }];
    expect(toCsvFile(accents)).toBe(`\uFEFF${toCsv(accents)}`);
    expect(formatResults('csv', accents).startsWith('\uFEFF')).toBe(false);
  });
  it('quotes fields with commas, quotes, line breaks or outer spaces', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField(' x')).toBe('" x"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});
