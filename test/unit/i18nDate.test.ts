// @vitest-environment node
// The service's dates as the user's language writes them; what is not a date stays as it was sent.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dateText } from '@/lib/i18n/date';

const h = vi.hoisted(() => ({ lang: 'de' }));
vi.mock('@wxt-dev/browser', () => ({
  browser: { i18n: { getMessage: (key: string) => (key === 'languageTag' ? h.lang : ''), getUILanguage: () => h.lang } },
}));
beforeEach(() => {
  h.lang = 'de';
});

describe('dateText', () => {
  it('writes a day as the language does (German 26.11.2026, English Nov 26, 2026)', () => {
    expect(dateText('2026-11-26')).toBe('26.11.2026');
    expect(dateText('2026-11-26 10:42:00')).toBe('26.11.2026');
    h.lang = 'en';
    expect(dateText('2026-11-26')).toBe('Nov 26, 2026');
  });

  it('a time with a zone is the user’s own day; without one the day as written', () => {
    // A user in New York (UTC−5 in November): the day differs from the UTC one after 19:00 there.
    const tz = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(dateText('2026-11-26T03:00:00Z')).toBe('25.11.2026');
      expect(dateText('2026-11-26 01:00:00+05:00')).toBe('25.11.2026'); // 20:00 UTC the day before
      expect(dateText('2026-11-26T23:00:00-05:00')).toBe('26.11.2026');
      expect(dateText('2026-11-26T03:00:00')).toBe('26.11.2026'); // no zone: the day as written
    } finally {
      process.env.TZ = tz;
      if (tz === undefined) delete process.env.TZ;
    }
  });

  it('leaves what is not a date as it was sent (words, empty, an impossible day)', () => {
    expect(dateText('yesterday')).toBe('yesterday');
    expect(dateText('')).toBe('');
    expect(dateText('2026-02-31')).toBe('2026-02-31');
    expect(dateText('1764153720')).toBe('1764153720');
  });
});
