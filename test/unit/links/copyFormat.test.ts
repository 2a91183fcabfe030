import { describe, expect, it } from 'vitest';
import { formatCopy, isCopyFormat } from '@/lib/links/copyFormat';

const link = { shortUrl: 'https://s.example/abc', longUrl: 'https://example.com/page?id=5', title: 'A page' };

describe('formatCopy', () => {
  it('writes each format', () => {
    expect(formatCopy('link', link)).toBe('https://s.example/abc');
    expect(formatCopy('markdown', link)).toBe('[A page](https://s.example/abc)');
    expect(formatCopy('html', link)).toBe('<a href="https://s.example/abc">A page</a>');
    expect(formatCopy('titleLink', link)).toBe('A page https://s.example/abc');
  });

  it('uses the long URL when there is no title', () => {
    for (const title of [undefined, null, '', '   \n\t'])
      expect(formatCopy('titleLink', { ...link, title })).toBe('https://example.com/page?id=5 https://s.example/abc');
    expect(formatCopy('markdown', { ...link, title: null })).toBe('[https://example.com/page?id=5](https://s.example/abc)');
  });

  it.each([
    ['a [b] c', '[a \\[b\\] c](https://s.example/abc)'],
    ['back\\slash', '[back\\\\slash](https://s.example/abc)'],
    ['](javascript:alert(1))', '[\\](javascript:alert(1))](https://s.example/abc)'],
    ['\\]', '[\\\\\\]](https://s.example/abc)'],
    ['line\nbreak\r\nand\ttab', '[line break and tab](https://s.example/abc)'],
  ])('escapes the Markdown title %j', (title, expected) => {
    expect(formatCopy('markdown', { ...link, title })).toBe(expected);
  });

  it('keeps a hostile title inside the Markdown link text', () => {
    const out = formatCopy('markdown', { ...link, title: 'x](https://evil.example) [y' });
    // The only unescaped "](" is the one that starts the target.
    expect(out.match(/(?<!\\)\]\(/g)).toEqual(['](']);
    expect(out.endsWith('(https://s.example/abc)')).toBe(true);
  });

  it('encodes parentheses and spaces in a Markdown target', () => {
    expect(formatCopy('markdown', { ...link, shortUrl: 'https://s.example/a(b) c' })).toBe('[A page](https://s.example/a%28b%29%20c)');
  });

  it.each([
    ['<script>alert(1)</script>', '<a href="https://s.example/abc">&lt;script&gt;alert(1)&lt;/script&gt;</a>'],
    ['Tom & "Jerry" \'s', '<a href="https://s.example/abc">Tom &amp; &quot;Jerry&quot; &#39;s</a>'],
    ['&amp;', '<a href="https://s.example/abc">&amp;amp;</a>'],
  ])('escapes the HTML title %j', (title, expected) => {
    expect(formatCopy('html', { ...link, title })).toBe(expected);
  });

  it('escapes the HTML address', () => {
    expect(formatCopy('html', { ...link, shortUrl: 'https://s.example/a"onmouseover="x&y<' })).toBe(
      '<a href="https://s.example/a&quot;onmouseover=&quot;x&amp;y&lt;">A page</a>',
    );
  });

  it('writes the title and link on one line', () => {
    expect(formatCopy('titleLink', { ...link, title: 'Two\nlines' })).toBe('Two lines https://s.example/abc');
  });
});

describe('isCopyFormat', () => {
  it('knows the four formats and nothing else', () => {
    for (const f of ['link', 'markdown', 'html', 'titleLink']) expect(isCopyFormat(f)).toBe(true);
    for (const f of ['Link', 'md', '', null, 3, undefined]) expect(isCopyFormat(f)).toBe(false);
  });
});
