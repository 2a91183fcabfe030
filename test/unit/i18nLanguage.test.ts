// @vitest-environment node
// Numbers and times are written in the language of the messages, whatever the browser's UI language.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCount, uiLanguage } from '@/lib/i18n/format';

type Catalogue = Record<string, { message: string }>;
const h = vi.hoisted(() => ({ catalogue: 'en', ui: 'en-US' }));
const catalogues: Record<string, Catalogue> = Object.fromEntries(
  ['en', 'de', 'es'].map((l) => [l, JSON.parse(readFileSync(`public/_locales/${l}/messages.json`, 'utf8')) as Catalogue]),
);
vi.mock('@wxt-dev/browser', () => ({
  browser: { i18n: { getMessage: (key: string) => catalogues[h.catalogue]![key]?.message ?? '', getUILanguage: () => h.ui } },
}));

beforeEach(() => {
  h.catalogue = 'en';
  h.ui = 'en-US';
});

describe('the language numbers are written in', () => {
  it('is the messages’ language when the browser’s UI is another (German messages, English UI: 5.000)', () => {
    h.catalogue = 'de';
    expect(uiLanguage()).toBe('de');
    expect(formatCount(5000)).toBe('5.000');
  });

  it('is the browser’s own variant when it is the messages’ language (en-GB, de-AT)', () => {
    h.ui = 'en-GB';
    expect(uiLanguage()).toBe('en-GB');
    h.catalogue = 'de';
    h.ui = 'de-AT';
    expect(uiLanguage()).toBe('de-AT');
  });

  it('Spanish messages in an English browser write Spanish numbers', () => {
    h.catalogue = 'es';
    expect(uiLanguage()).toBe('es');
    expect(formatCount(10000)).toBe(new Intl.NumberFormat('es').format(10000));
  });
});
