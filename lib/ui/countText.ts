/** A count as the user's language writes it ("5,000", "5.000"). */
import { uiLanguage } from '../i18n';

/** Formats a count for a sentence (digits grouped as in the browser's language). */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(uiLanguage()).format(n);
}
