/**
 * Every string a user sees goes through the browser's i18n (public/_locales). Where the
 * i18n API is missing (unit tests in Node), the English catalogue is used directly, with the
 * same placeholder rules ($name$ → the placeholder's "$1".."$9" content).
 *
 * The English catalogue is bundled only into test builds (`import.meta.env.MODE === 'test'`):
 * extension pages and the worker always have `browser.i18n`, so in a production build the
 * condition is false, the import is unused and the bundler drops it.
 */
import { browser } from '@wxt-dev/browser';
import en from '@/public/_locales/en/messages.json';

type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
/** A message key of the English catalogue. */
export type MessageKey = keyof typeof en;

const FALLBACK: Catalogue | null = import.meta.env.MODE === 'test' ? (en as Catalogue) : null;

/** The translated message `key` with its substitutions. */
export function t(key: MessageKey, ...subs: (string | number)[]): string {
  const strings = subs.map(String);
  try {
    const m = browser.i18n.getMessage(key as Parameters<typeof browser.i18n.getMessage>[0], strings);
    if (m) return m;
  } catch {
    // No i18n API here: fall back to the English catalogue.
  }
  return FALLBACK ? format(FALLBACK[key], strings) : key;
}

function format(entry: Catalogue[string] | undefined, subs: string[]): string {
  if (!entry) return '';
  return entry.message.replace(/\$([a-zA-Z0-9_@]+)\$/g, (whole, name: string) => {
    const content = entry.placeholders?.[name.toLowerCase()]?.content ?? whole;
    return content.replace(/\$(\d)/g, (_m, n: string) => subs[Number(n) - 1] ?? '');
  });
}
