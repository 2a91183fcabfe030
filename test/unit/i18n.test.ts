// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { issueText } from '@/lib/i18n/issueText';

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
    // The usted forms a message to the user would take, in any case: the pronoun, imperatives
    // (with their enclitic forms; not the impersonal "se guarde"), "you can", and "your" before
    // what the user owns or at the start.
    const usted = new RegExp(
      [
        '\\busted(es)?\\b',
        '(?<!\\bse )\\b(escriba|pegue|abra|use|pulse|revise|introduzca|elija|seleccione|intente|espere|guarde|vuelva|haga|copie|añada|conceda|cambie|quite|cancele|compruebe|pruebe|recargue|borre|elimine|indique|conecte|acepte|confirme|deje|asegúrese|conéctese|permítalo|inténtelo|cancélelo|ábrala|ábralo|cámbiela|cámbielo|reinténtelo|vuélvalo|guárdelo|cópielo|pruébelo)\\b',
        '\\bpuede (cerrar|volver|usar|pulsar|elegir|pegar|abrir|copiar|intentar|cambiar)\\b',
        '\\b(su|sus) (enlace|enlaces|clave|cuenta|pestañas?|navegador|lote|plan|tarifa|servicio|correo|dirección web|equipo|portapapeles)\\b',
        '^(su|sus)\\b',
      ].join('|'),
      'iu',
    );
    const found = Object.entries(load('es'))
      .filter(([, e]) => usted.test(e.message))
      .map(([k, e]) => `${k}: ${e.message}`);
    expect(found).toEqual([]);
  });

  it('one term each: the rate limit is "solicitudes" in Spanish and "Anfragelimit" in German, the popup "Pop-up" in German', () => {
    const using = (lang: string, word: RegExp) =>
      Object.entries(load(lang))
        .filter(([, e]) => word.test(e.message))
        .map(([k]) => k);
    expect(using('es', /petici[oó]n/i)).toEqual([]);
    expect(using('de', /Ratenlimit|Rate-Limit/i)).toEqual([]);
    expect(using('es', /límite de solicitudes/).length).toBeGreaterThan(3);
    expect(using('de', /Anfragelimit/).length).toBeGreaterThan(3);
    // The popup is "Pop-up" in German, spelt one way.
    expect(using('de', /Popup/)).toEqual([]);
  });

  it('ends every status of a waiting link with the same sentence about closing the popup, in each language', () => {
    const keys = [
      'popupQueued',
      'popupQueuedNamed',
      'popupQueuedSoon',
      'popupQueuedSoonNamed',
      'popupWaitingNetwork',
      'popupWaitingServer',
      'popupWaitingAnswer',
    ];
    for (const lang of ['en', 'de', 'es']) {
      const catalogue = load(lang);
      const last = keys.map((k) => catalogue[k]!.message.split(/(?<=\.) /).at(-1));
      expect(new Set(last), `${lang}: ${last.join(' | ')}`).toHaveProperty('size', 1);
    }
  });

  it('names every Refresh button with its visible word (label in name), and no two buttons of the options page alike', () => {
    for (const lang of ['en', 'de', 'es']) {
      const catalogue = load(lang);
      const word = catalogue.commonRefresh!.message.toLowerCase();
      const names = Object.keys(catalogue)
        .filter((k) => k.startsWith('optionsRefresh'))
        .map((k) => catalogue[k]!.message);
      expect(
        names.filter((n) => !n.toLowerCase().includes(word)),
        lang,
      ).toEqual([]);
      expect(names, lang).not.toContain(catalogue.optionsAccountSubmit!.message);
    }
  });

  it('words an expected time as an estimate, one way: "gegen" in German, "hacia las" in Spanish', () => {
    const exact = (lang: string, word: RegExp) =>
      Object.entries(load(lang))
        .filter(([, e]) => word.test(e.message))
        .map(([k]) => k);
    expect(exact('de', /\bum \$TIME\$/)).toEqual([]);
    expect(exact('es', /(?<!hacia )\ba las \$TIME\$/i)).toEqual([]);
  });

  it('leaves no English word in German or Spanish: only names (brands, formats) and words both languages share stay as in English', () => {
    const kept: Record<string, string[]> = {
      de: [
        'bulkFormatCsv',
        'bulkFormatMarkdown',
        'bulkResultsHeading',
        'commonDomain',
        'commonDomainNumbered',
        'commonInvalidField',
        'copyFormatHtml',
        'copyFormatLink',
        'copyFormatMarkdown',
        'extName',
        'optionsDomainsTitle',
        'optionsFieldName',
        'optionsItemTypeLink',
        'optionsOverlayNumbered',
        'optionsPixelNumbered',
        'optionsQrText',
        'optionsQrTypeLink',
        'optionsQrTypeSms',
        'optionsQrTypeText',
        'optionsQrUrl',
        'optionsQrWebsite',
        'optionsRotator',
        'optionsStatClicks',
        'planPro',
        'popupQrButton',
        'popupQrLabel',
        'popupUtm',
        'qrStyleLogo',
        'qrTrackedScans',
      ],
      es: [
        'bulkFormatCsv',
        'bulkFormatMarkdown',
        'commonInvalidField',
        'commonNo',
        'copyFormatHtml',
        'copyFormatMarkdown',
        'extName',
        'optionsFactPlan',
        'optionsQrTypeSms',
        'optionsQrTypeWifi',
        'optionsQrUrl',
        'planPro',
        'popupQrButton',
        'popupQrLabel',
        'popupUtm',
      ],
    };
    const isName = (key: string) => /^(pixelType|social)/.test(key);
    for (const lang of ['de', 'es']) {
      const other = load(lang);
      const same = Object.keys(en).filter((k) => !isName(k) && other[k]!.message === en[k]!.message);
      expect(same.sort(), lang).toEqual(kept[lang]!.sort());
    }
  });

  it('words a count in the form its language’s plural rules choose, from one pair of messages', () => {
    for (const lang of ['en', 'de', 'es']) {
      const keys = Object.keys(load(lang));
      const ones = keys.filter((k) => k.endsWith('One')).map((k) => k.slice(0, -3));
      expect(ones.length, lang).toBeGreaterThan(10);
      for (const base of ones) expect(keys, `${lang}: ${base}Many`).toContain(`${base}Many`);
    }
    expect(issueText('must be at most 1 characters')).toBe('must be at most 1 character');
    expect(issueText('must be at most 255 characters')).toBe('must be at most 255 characters');
    expect(tCount({ one: 'optionsCountPixelOne', other: 'optionsCountPixelMany' }, 0)).toBe('0 pixels');
    expect(tCount({ one: 'bulkProgressOne', other: 'bulkProgressMany' }, 1, [0, 1])).toBe('0 of 1 made');
  });

  it('fills placeholders from the English catalogue when the browser has no i18n API', () => {
    expect(t('notifyQueuedBody', '12:30:00')).toBe('The rate limit is reached: the link will be made at about 12:30:00 and copied then.');
    expect(t('notifyCampaignFailed', 'https://s.rt/a', 'no id')).toBe('https://s.rt/a (not added to the campaign: no id)');
  });
});
