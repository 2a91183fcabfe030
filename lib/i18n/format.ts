/**
 * Numbers and times as the user's language writes them. Apart from lib/i18n/index.ts (the messages), so
 * that the popup's first script, which writes neither, does not carry them.
 */
import { browser } from '@wxt-dev/browser';
import { t } from './index';

/**
 * The language numbers, dates and times are written in: the browser's UI language ("en-GB",
 * "de"…) when the messages are in that language, else the messages' own (a German catalogue in a
 * browser whose UI is English writes "5.000", not "5,000").
 */
export function uiLanguage(): string {
  const own = t('languageTag') || 'en';
  let lang = '';
  try {
    lang = browser.i18n.getUILanguage();
  } catch {
    // No i18n API here: the messages' language.
  }
  return lang.toLowerCase().split('-')[0] === own ? lang : own;
}

type Format = { format(value: number): string };
const made = new Map<string, Format>();

/** A formatter made once for each kind and language: making one costs far more than using it (a list writes many dates). */
export function madeOnce(key: string, make: () => Format): Format {
  let f = made.get(key);
  if (!f) made.set(key, (f = make()));
  return f;
}

/** A count as the browser's language writes it ("5,000", "5.000"), for a sentence. */
export function formatCount(n: number): string {
  const lang = uiLanguage();
  return madeOnce(`count ${lang}`, () => new Intl.NumberFormat(lang)).format(n);
}

/** The one way a time is written (an expected time, a list's update): hours and minutes in the browser's language (24 hours: 09:05). */
export function clock(epochMs: number): string {
  const lang = uiLanguage();
  return madeOnce(`clock ${lang}`, () => new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(
    epochMs,
  );
}
