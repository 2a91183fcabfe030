/**
 * The three message catalogues as the browser's getMessage reads them, for tests that show a page
 * in German or Spanish ($NAME$ → its placeholder's $n, as lib/i18n.ts's fallback does).
 */
import { readFileSync } from 'node:fs';

type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

/** public/_locales/{en,de,es}/messages.json. */
export const catalogues: Record<string, Catalogue> = Object.fromEntries(
  ['en', 'de', 'es'].map((l) => [l, JSON.parse(readFileSync(`public/_locales/${l}/messages.json`, 'utf8')) as Catalogue]),
);

/** The message `key` of `lang` with its substitutions, '' when it has none (as the browser answers). */
export function catalogueMessage(lang: string, key: string, subs: string[] = []): string {
  const entry = catalogues[lang]![key];
  if (!entry) return '';
  return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => {
    const content = entry.placeholders?.[name.toLowerCase()]?.content ?? '';
    return content.replace(/\$(\d)/g, (_m, n: string) => subs[Number(n) - 1] ?? '');
  });
}
