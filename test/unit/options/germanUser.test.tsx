/**
 * What a German (and a Spanish) user reads on the options page: the service's values and dates in
 * their words, the same "no campaign / no channel" words as the popup, and navigation entries
 * that do not read as one thing named twice.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SECTIONS } from '@/components/options/optionsSections';
import { catalogueMessage, catalogues } from '../support/catalogues';
import { openOptions, section, withOptionsWorker, within } from './setup';

const h = vi.hoisted(() => ({ lang: 'de' }));
/** The browser's getMessage for the catalogue of the language under test. */
const getMessage = (key: string, subs?: string[]) => catalogueMessage(h.lang, key, subs);
// The i18n helper uses the browser's own API (@wxt-dev/browser, not the polyfill).
vi.mock('@wxt-dev/browser', () => ({
  browser: { i18n: { getMessage: (key: string, subs?: string[]) => getMessage(key, subs), getUILanguage: () => h.lang } },
}));

const worker = withOptionsWorker();
beforeEach(() => {
  h.lang = 'de';
});

describe('QR codes list in the user’s language', () => {
  it('shows the type as a word and the date as German writes it; an unknown type as the service sent it', async () => {
    worker.lists.qrs = [
      { id: 11, type: 'wifi', link: 'https://sho.rt/qr/11', scans: 3, name: 'Gäste-WLAN', date: '2026-11-26T10:42:00Z' },
      { id: 12, type: 'hologram', link: 'https://sho.rt/qr/12', scans: 0, name: 'Zukunft', date: '2026-01-05 08:00:00' },
    ];
    openOptions();
    const region = await section('QR-Codes');
    const wifi = (await within(region).findByText('Gäste-WLAN')).closest('.row') as HTMLElement;
    expect(within(wifi).getByText('WLAN')).toBeTruthy();
    expect(within(wifi).getByText('26.11.2026')).toBeTruthy();
    expect(wifi.textContent).not.toContain('wifi');
    expect(wifi.textContent).not.toContain('2026-11-26');
    const future = within(region).getByText('Zukunft').closest('.row') as HTMLElement;
    expect(within(future).getByText('hologram')).toBeTruthy();
    expect(within(future).getByText('05.01.2026')).toBeTruthy();
  });

  it('in Spanish: "Enlace", and the date as Spanish writes it', async () => {
    h.lang = 'es';
    worker.lists.qrs = [{ id: 11, type: 'link', link: 'https://sho.rt/qr/11', scans: 3, name: 'Menú', date: '2026-11-26 10:42:00' }];
    openOptions();
    const region = await section('Códigos QR');
    const row = (await within(region).findByText('Menú')).closest('.row') as HTMLElement;
    expect(within(row).getByText('Enlace')).toBeTruthy();
    expect(
      within(row).getByText(new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 26))),
    ).toBeTruthy();
    expect(row.textContent).not.toContain('2026-11-26');
  });

  it('a channel’s items: their type as a word and their date in German', async () => {
    worker.lists.channels = [{ id: 7, name: 'Frühling', description: '', color: '', starred: false }];
    worker.channelItems[7] = [{ type: 'qr', id: 3, title: 'Plakat', preview: null, link: null, date: '2025-03-01' }];
    const { user } = openOptions();
    const region = await section('Kanäle');
    await user.click(await within(region).findByRole('button', { name: 'Elemente von Kanal Frühling' }));
    const items = await within(region).findByRole('list', { name: 'Elemente von Kanal Frühling' });
    expect(within(items).getByText('QR-Code')).toBeTruthy();
    expect(within(items).getByText('01.03.2025')).toBeTruthy();
  });
});

describe('"No campaign" and "No channel" read as in the popup', () => {
  for (const [lang, campaign, channel] of [
    ['de', 'Keine Kampagne', 'Kein Kanal'],
    ['es', 'Sin campaña', 'Sin canal'],
    ['en', 'No campaign', 'No channel'],
  ] as const) {
    it(`Preferences (${lang}): "${campaign}" and "${channel}", the popup's words`, async () => {
      h.lang = lang;
      openOptions();
      const region = await section(catalogues[lang]!.optionsPreferencesTitle!.message);
      const first = (label: string) =>
        (within(region).getByLabelText(catalogues[lang]![label]!.message) as HTMLSelectElement).options[0]!.textContent;
      expect([first('optionsDefaultCampaign'), first('optionsDefaultChannel')]).toEqual([campaign, channel]);
      expect(catalogues[lang]!.popupNoCampaign!.message).toBe(campaign);
      expect(catalogues[lang]!.popupNoChannel!.message).toBe(channel);
    });
  }
});

describe('German navigation', () => {
  it('names each section distinctly: no entry is another’s singular or plural ("Verbindung", "Verbindungen")', async () => {
    openOptions();
    const nav = await screen.findByRole('navigation');
    await within(nav).findByRole('link', { name: 'Aktuelle Verbindung' });
    const titles = SECTIONS.map((s) => getMessage(s.title));
    for (const a of titles) for (const b of titles) if (a !== b) expect(b.startsWith(a), `${a} / ${b}`).toBe(false);
  });

  it('every message pointing to a section ("siehe …", "unter …") names it as the navigation does', () => {
    const titles = new Set(SECTIONS.map((s) => getMessage(s.title)));
    const pointers = Object.values(catalogues.de!).flatMap((e) => [...e.message.matchAll(/(?:siehe|unter) „([^“]+)“/g)].map((m) => m[1]!));
    expect(pointers.length).toBeGreaterThan(0);
    for (const p of pointers.filter((p) => /Verbindung/.test(p))) expect(titles.has(p), p).toBe(true);
    expect(Object.values(catalogues.de!).filter((e) => /siehe Verbindung\b/.test(e.message))).toEqual([]);
  });
});
