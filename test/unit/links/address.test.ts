import { describe, expect, it } from 'vitest';
import { checkField, checkUrl } from '@/lib/links/address';
import { blockedReason } from '@/lib/links/blockedReason';
import { matchesSearch, truncate } from '@/lib/links/historyText';
import { findDuplicate, sameUrl } from '@/lib/links/sameLink';
import { entry } from '../popup/harness';

describe('checkUrl', () => {
  it('accepts web addresses', () => {
    expect(checkUrl('https://example.com/a?b=c#d')).toEqual({ kind: 'ok', url: 'https://example.com/a?b=c#d' });
    expect(checkUrl('  http://127.0.0.1:8080/x  ')).toEqual({ kind: 'ok', url: 'http://127.0.0.1:8080/x' });
  });

  it.each([
    'chrome://extensions',
    'chrome-extension://abcdef/popup.html',
    'moz-extension://1234/popup.html',
    'about:blank',
    'file:///home/me/a.pdf',
    'view-source:https://example.com',
    'edge://settings',
    'data:text/html,<b>x</b>',
    'javascript:alert(1)',
    'blob:https://example.com/1234',
    'devtools://devtools/bundled/inspector.html',
    'CHROME://version',
  ])('refuses %s with a reason', (url) => {
    const v = checkUrl(url);
    expect(v.kind).toBe('blocked');
    if (v.kind === 'blocked') {
      expect(blockedReason(v).length).toBeGreaterThan(5);
      expect(v.store).toBe(false);
    }
  });

  it('words each kind of page the user meets', () => {
    const reason = (url: string) => {
      const v = checkUrl(url);
      return v.kind === 'blocked' ? blockedReason(v) : `not blocked: ${v.kind}`;
    };
    expect(reason('chrome://extensions')).toMatch(/browser/i);
    expect(reason('CHROME://version')).toBe(reason('chrome://extensions'));
    expect(reason('view-source:https://example.com')).not.toBe(reason('chrome://extensions'));
    expect(reason('https://chromewebstore.google.com/detail/abc')).toMatch(/store/i);
    // A scheme without a sentence of its own is named; the scheme is judged before the spaces.
    expect(reason('ftp://example.com/file')).toContain('ftp:');
    expect(reason('mailto:me@example.com and more')).toContain('mailto:');
  });

  it('reads a label before an address as text with spaces, not as a scheme', () => {
    expect(checkUrl('Link: https://example.com')).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/spaces/) });
    expect(checkUrl('Note:  https://example.com/a')).toMatchObject({ kind: 'invalid' });
  });

  it.each([
    'https://chromewebstore.google.com/detail/abc/xyz',
    'https://chrome.google.com/webstore/detail/abc',
    'https://addons.mozilla.org/en-US/firefox/addon/x/',
    'https://microsoftedge.microsoft.com/addons/detail/x',
  ])('refuses the store page %s', (url) => {
    expect(checkUrl(url)).toMatchObject({ kind: 'blocked', store: true });
  });

  it('does not take look-alike hosts or paths for the store', () => {
    expect(checkUrl('https://chrome.google.com/intl/en/chrome/').kind).toBe('ok');
    expect(checkUrl('https://chrome.google.com/webstorefront').kind).toBe('ok');
    expect(checkUrl('https://microsoftedge.microsoft.com/insider').kind).toBe('ok');
    expect(checkUrl('https://addons.mozilla.org.evil.example/').kind).toBe('ok');
  });

  it('says what is wrong with what is not an address', () => {
    expect(checkUrl('')).toEqual({ kind: 'empty' });
    expect(checkUrl('   ')).toEqual({ kind: 'empty' });
    expect(checkUrl('example.com')).toMatchObject({ kind: 'invalid' });
    expect(checkUrl('https://exa mple.com')).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/spaces/) });
    expect(checkUrl(`https://example.com/${'a'.repeat(9000)}`)).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/too long/),
    });
    expect(checkUrl('ftp://example.com/file').kind).toBe('blocked');
    expect(checkUrl('mailto:me@example.com').kind).toBe('blocked');
  });
});

describe('checkField', () => {
  it('refuses the store page while the field holds the tab’s own address, accepts it typed by hand', () => {
    const store = 'https://chromewebstore.google.com/detail/abc';
    expect(checkField(store, store).kind).toBe('blocked');
    expect(checkField(store, 'https://example.com/').kind).toBe('ok');
    expect(checkField('chrome://settings', null).kind).toBe('blocked');
  });
});

describe('helpers', () => {
  it('compares addresses as URLs', () => {
    expect(sameUrl('https://EXAMPLE.com:443/a', 'https://example.com/a')).toBe(true);
    expect(sameUrl('https://example.com', 'https://example.com/')).toBe(true);
    expect(sameUrl('https://example.com/a', 'https://example.com/b')).toBe(false);
  });

  it('finds an earlier link of the same page and domain only', () => {
    const h = [entry({ id: 'a', domainId: 7 }), entry({ id: 'b', domainId: null })];
    expect(findDuplicate(h, 'https://example.com/article', null)?.id).toBe('b');
    expect(findDuplicate(h, 'https://example.com/article', 7)?.id).toBe('a');
    expect(findDuplicate(h, 'https://example.com/article', 9)).toBeUndefined();
    expect(findDuplicate(h, 'https://example.com/other', null)).toBeUndefined();
  });

  it('searches long and short URLs without regard to case', () => {
    const e = entry();
    expect(matchesSearch(e, 'ARTICLE')).toBe(true);
    expect(matchesSearch(e, 'sho.rt/abc')).toBe(true);
    expect(matchesSearch(e, 'nothing')).toBe(false);
    expect(matchesSearch(e, '  ')).toBe(true);
  });

  it('truncates long text', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
});
