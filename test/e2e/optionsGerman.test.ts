/**
 * The options page's new sentences in German, in Chromium (--lang=de): a bad field named by its
 * German label, "Forget key" asked inline, a Service URL ending with /api, a long list's search
 * and pages, and no colour shown for an empty colour field. No English sentence on the page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openOptions, screenshot, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

const POLL = { timeout: OUTCOME_MS };

describe('options in German', () => {
  const ext = withExtension({
    sandbox: { mainLimit: 100_000 },
    beforeLaunch: (sandbox) => {
      const campaigns = sandbox.state.forKey(sandbox.key).campaigns;
      const first = Math.max(0, ...campaigns.map((c) => c.id)) + 1;
      const more = 120 - campaigns.length;
      for (let i = 0; i < more; i++) campaigns.push({ ...campaigns[0]!, id: first + i, name: `Kampagne ${i + 1}` });
    },
    language: 'de',
  });
  let page: Page;
  const region = (name: string) => page.getByRole('region', { name, exact: true });

  beforeAll(async () => {
    page = await openOptions(ext.h);
  });

  it('names a bad field by its German label and marks it', async () => {
    await expect.poll(() => region('Aktuelle Verbindung').getByRole('status').textContent(), POLL).toContain('Verbunden');
    const form = region('QR-Codes').getByRole('form', { name: 'Neuer QR-Code', exact: true });
    await form.getByLabel('Typ', { exact: true }).selectOption('wifi');
    await form.getByRole('button', { name: 'QR-Code erstellen', exact: true }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), POLL).toBe('Netzwerkname (SSID) ist erforderlich.');
    expect(await form.getByLabel('Netzwerkname (SSID)', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Vordergrundfarbe auswählen', { exact: true }).getAttribute('title')).toBe('Keine Farbe');
  });

  it('asks before forgetting the key, and refuses /api with the base address, in German', async () => {
    const connection = region('Aktuelle Verbindung');
    await connection.getByRole('button', { name: 'Schlüssel entfernen', exact: true }).click();
    await connection.getByText('Den gespeicherten API-Schlüssel vergessen?', { exact: false }).waitFor(POLL);
    await connection.getByRole('button', { name: 'Abbrechen', exact: true }).click();
    await page.getByLabel('Dienst-URL', { exact: true }).fill(`${ext.sb.url}/api`);
    await page.getByLabel('API-Schlüssel', { exact: true }).fill(ext.sb.key);
    await connection.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect
      .poll(() => connection.getByRole('alert').textContent(), POLL)
      .toBe(`Verwenden Sie die Basisadresse des Dienstes, ohne /api am Ende: ${ext.sb.url}`);
    expect(await connection.getByRole('status').textContent()).toContain('Die oben eingegebene Adresse ist nicht gespeichert');
  });

  it('searches and pages a long list in German', async () => {
    const campaigns = region('Kampagnen');
    await expect.poll(() => campaigns.getByText('1–50 von 120').count(), POLL).toBe(1);
    await campaigns.getByLabel('Kampagnen durchsuchen', { exact: true }).fill('zzz');
    await expect.poll(() => campaigns.getByText('Nichts passt zu „zzz“.').count(), POLL).toBe(1);
    await campaigns.getByLabel('Kampagnen durchsuchen', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'options-de-search');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const english of ['Showing', 'Nothing matches', 'is required', 'Forget the saved', 'base address', 'not saved'])
      expect(text, english).not.toContain(english);
  });
});
