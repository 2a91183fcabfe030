/**
 * Failures on a service that answers like real deployments, walked in German and Spanish: a validation
 * failure in an HTTP 200, a taken alias, a wrong key answered with 403, an empty campaign name.
 * Every alert and status is in the page's language: the service's own words appear once, framed, and no
 * sentence of the extension is left in English.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { configureExtension, openOptions, openPopupFor, REPO_ROOT, screenshot, until, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

type Catalogue = Record<string, { message: string }>;
const load = (lang: string) => JSON.parse(readFileSync(join(REPO_ROOT, `public/_locales/${lang}/messages.json`), 'utf8')) as Catalogue;
const en = load('en');
let local: Catalogue = en;
const msg = (key: string) => local[key]!.message;

/** The beginnings of the English messages that the page's language words differently (long enough to be sentences). */
const englishStarts = () =>
  Object.entries(en)
    .filter(([key, e]) => local[key]?.message !== e.message)
    .map(([, e]) => e.message.split('$')[0]!.trim())
    .filter((s) => s.length >= 15);
const ENGLISH_WORDS = /\b(the|is|not|and|this|please|could|cannot|refused|service|check|try)\b/i;

/** The English left in `text` once the service's own words (which stay as the service wrote them) are taken out. */
function englishIn(text: string, serverTexts: string[]): string | null {
  let rest = text;
  for (const s of serverTexts) rest = rest.split(s).join(' ');
  const start = englishStarts().find((s) => rest.includes(s));
  if (start) return start;
  const word = ENGLISH_WORDS.exec(rest);
  return word ? word[0] : null;
}

/** The texts of every alert and status of a page. */
async function spokenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="alert"], [role="status"]')].map((el) => (el.textContent ?? '').trim()).filter(Boolean),
  );
}

async function expectLocal(page: Page, serverTexts: string[]): Promise<void> {
  for (const text of await spokenTexts(page)) expect(englishIn(text, serverTexts), text).toBeNull();
}

const SLUG_TAKEN = 'This slug is already taken. Please upgrade to a premium plan for more features.';
const ALIAS_TAKEN = 'That alias is already taken. Please choose another one.';

describe.each(['de', 'es'])('failures of a real deployment, in %s', (lang) => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', mainLimit: 100_000, realDeployment: true }, language: lang });

  it('are told in the page’s language, with the service’s words once', async () => {
    local = load(lang);

    // A validation failure in an HTTP 200 (with "Please upgrade" in it): the reason, framed once.
    const options = await openOptions(ext.h);
    const campaigns = options.getByRole('region', { name: msg('optionsCampaignsTitle'), exact: true });
    const form = campaigns.getByRole('form', { name: msg('optionsNewCampaign'), exact: true });
    await form.getByLabel(msg('optionsFieldName'), { exact: true }).fill('Otoño');
    await form.getByLabel(msg('optionsRotatorSlug'), { exact: true }).fill('otono');
    await form.getByRole('button', { name: msg('optionsCreateCampaign'), exact: true }).click();
    await campaigns.getByText('Otoño', { exact: true }).first().waitFor();
    await form.getByLabel(msg('optionsFieldName'), { exact: true }).fill('Otoño dos');
    await form.getByLabel(msg('optionsRotatorSlug'), { exact: true }).fill('otono');
    await form.getByRole('button', { name: msg('optionsCreateCampaign'), exact: true }).click();
    const refused = form.getByRole('alert');
    await refused.waitFor();
    expect(await refused.textContent()).toBe(msg('errServiceSaid').replace('$TEXT$', SLUG_TAKEN));
    await form.scrollIntoViewIfNeeded();
    await screenshot(options, `errors-${lang}-campaign-refused`);
    await expectLocal(options, [SLUG_TAKEN]);

    // An empty campaign name is refused in the page: nothing is sent.
    const sent = () => ext.sb.log.filter((l) => l.path === '/api/campaign/add').length;
    const before = sent();
    await form.getByLabel(msg('optionsFieldName'), { exact: true }).fill('');
    await form.getByLabel(msg('optionsRotatorSlug'), { exact: true }).fill('ohne-name');
    await form.getByRole('button', { name: msg('optionsCreateCampaign'), exact: true }).click();
    await until(async () => (await refused.textContent())?.includes(msg('commonIssueRequired')), 'the empty name refused');
    expect(sent()).toBe(before);
    await expectLocal(options, []);

    // A taken alias in the popup: the service's words, framed in the page's language.
    await fetch(`${ext.sb.url}/api/shorten`, {
      method: 'POST',
      headers: { 'X-API-KEY': ext.sb.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.org/first', custom_code: 'mein-alias' }),
    });
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/${lang}`);
    await popup.getByLabel(msg('popupAliasLabel'), { exact: true }).fill('mein-alias');
    await popup.getByRole('button', { name: msg('popupShorten'), exact: true }).click();
    const alert = popup.getByRole('alert');
    await alert.waitFor({ timeout: OUTCOME_MS });
    expect(await alert.textContent()).toContain(msg('errServiceSaid').replace('$TEXT$', ALIAS_TAKEN));
    await screenshot(popup, `errors-${lang}-alias-taken`, { fullPage: true });
    await expectLocal(popup, [ALIAS_TAKEN]);
    await popup.close();
    await options.close();

    // A wrong (or revoked) key answered with 403: a key problem, and the page does not say "Connected".
    await configureExtension(ext.h, { serviceUrl: ext.sb.url, apiKey: 'revoked-key-0000' });
    const again = await openOptions(ext.h);
    const status = again.getByRole('region', { name: msg('optionsConnectionTitle'), exact: true }).getByRole('status');
    const refusedStatus = msg('optionsKeyRefusedStatus').replace('$URL$', ext.sb.url);
    await until(async () => (await status.textContent())?.includes(refusedStatus), 'the key refused in the connection status');
    expect(await status.textContent()).not.toContain(msg('optionsConnected'));
    const account = again.getByRole('region', { name: msg('optionsAccountTitle'), exact: true }).getByRole('alert');
    expect(await account.textContent()).toBe(msg('optionsBadKeySeeConnection'));
    await screenshot(again, `errors-${lang}-key-refused`);
    await expectLocal(again, []);

    const popup2 = await openPopupFor(ext.h, `${ext.sb.url}/page/${lang}`);
    await popup2.getByRole('button', { name: msg('popupShorten'), exact: true }).click();
    const keyAlert = popup2.getByRole('alert').filter({ hasText: msg('popupErrBadKey') });
    await keyAlert.waitFor({ timeout: OUTCOME_MS });
    await popup2.getByRole('button', { name: msg('commonOpenOptions'), exact: true }).waitFor();
    await screenshot(popup2, `errors-${lang}-popup-key`, { fullPage: true });
    await expectLocal(popup2, []);
  }, 120_000);
});
