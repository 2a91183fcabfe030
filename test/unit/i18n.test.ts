// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { t } from '@/lib/i18n';

type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
const load = (lang: string) => JSON.parse(readFileSync(`public/_locales/${lang}/messages.json`, 'utf8')) as Catalogue;
const en = load('en');
const placeholdersIn = (m: string) => (m.match(/\$[A-Za-z0-9_]+\$/g) ?? []).map((p) => p.toLowerCase()).sort();

describe('translations', () => {
  const languages = readdirSync('public/_locales').filter((l) => l !== 'en');

  it('include German and Spanish', () => {
    expect(languages).toEqual(expect.arrayContaining(['de', 'es']));
  });

  it.each(languages)('%s translates every English message with the same placeholders', (lang) => {
    const other = load(lang);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, entry] of Object.entries(en)) {
      expect(placeholdersIn(other[key]!.message), `${lang}:${key}`).toEqual(placeholdersIn(entry.message));
      expect(other[key]!.message.trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('Spanish addresses the user one way (tú), as most of its messages do', () => {
    // The usted forms a message to the user would take (imperatives, "you can", "your").
    const usted = /\b(usted|Escriba|Pegue|Abra|Use|Pulse|Revise|Introduzca|Elija|Seleccione|Intente|Espere|Guarde|Vuelva|Haga|Copie|Añada|Conceda|Cambie|Puede cerrar|su enlace|sus pestañas|permítalo)\b/u;
    const found = Object.entries(load('es')).filter(([, e]) => usted.test(e.message)).map(([k, e]) => `${k}: ${e.message}`);
    expect(found).toEqual([]);
  });

  it('fills placeholders from the English catalogue when the browser has no i18n API', () => {
    expect(t('notifyQueuedBody', '12:30:00')).toBe('The rate limit is reached: the link will be made at about 12:30:00 and copied then.');
    expect(t('notifyCampaignFailed', 'https://s.rt/a', 'no id')).toBe('https://s.rt/a (not added to the campaign: no id)');
  });
});
