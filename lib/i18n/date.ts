/**
 * The one way a date of the service is written on a page: in the user's language
 * (`Intl.DateTimeFormat` with `uiLanguage`: "26.11.2026", "Nov 26, 2026"), never as the service
 * sends it ("2026-11-26T10:42:00Z"). Beside lib/i18n/index.ts, not in it: only the options page writes
 * dates, and lib/i18n/index.ts is part of the popup's first script (docs/ARCHITECTURE.md, "The popup's
 * first script").
 */
import { madeOnce, uiLanguage } from './format';

// "2026-11-26", "2026-11-26 10:42:00", "2026-11-26T10:42:00Z", "…+02:00": a date, a time of day, a zone.
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A date the service sent, in the user's language; a value that is not such a date as it was sent.
 * With a zone (Z, +02:00) it is the user's own day; without one the day as written (no zone is guessed).
 */
export function dateText(value: string): string {
  const m = STAMP.exec(value.trim());
  if (!m) return value;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(Date.UTC(y, mo, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo || day.getUTCDate() !== d) return value;
  const zone = m[7];
  const at = zone ? Date.UTC(y, mo, d, Number(m[4]), Number(m[5]), Number(m[6] ?? 0)) - offsetMs(zone) : day.getTime();
  const lang = uiLanguage();
  const utc = !zone;
  return madeOnce(
    `date ${utc ? 'utc' : 'local'} ${lang}`,
    () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...(utc ? { timeZone: 'UTC' } : {}) }),
  ).format(at);
}

/** "Z" → 0, "+02:00" or "+0200" → two hours. */
function offsetMs(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}
