/**
 * Messages that word a count, in the language's plural form. Apart from lib/i18n/index.ts, which the
 * popup's first script carries: only parts loaded after its first paint word counts.
 */
import { t, type MessageKey } from './index';
import { formatCount, uiLanguage } from './format';

/** The two forms of a message that words a count: for one (as the language counts it), and for any other count. */
export interface CountForms {
  one: MessageKey;
  other: MessageKey;
}

let pluralRules: { lang: string; rules: Intl.PluralRules } | null = null;

/**
 * The message for `count`, its form chosen by the language's plural rules (Intl.PluralRules):
 * the one place a plural form is chosen. The substitutions are the count alone, as the language
 * writes it ("1,000", "1.000"), unless given.
 */
export function tCount(forms: CountForms, count: number, subs: (string | number)[] = [formatCount(count)]): string {
  const lang = uiLanguage();
  if (pluralRules?.lang !== lang) pluralRules = { lang, rules: pluralRulesOf(lang) };
  return t(pluralRules.rules.select(count) === 'one' ? forms.one : forms.other, ...subs);
}

function pluralRulesOf(lang: string): Intl.PluralRules {
  try {
    return new Intl.PluralRules(lang);
  } catch {
    return new Intl.PluralRules('en'); // a language tag the runtime does not know
  }
}
