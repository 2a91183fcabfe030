/**
 * The extension in German and Spanish in Chromium: the popup, the context menu and the
 * options page speak the browser's language (public/_locales), and nothing is cut off.
 * Chromium takes its UI language from --lang and the LANGUAGE variable.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import type { Browser } from 'wxt/browser';
import { configureExtension, evalInWorker, launchExtension, openOptions, openPopupFor, screenshot, type ExtensionHarness } from './harness';

/** The extension APIs, as seen by code evaluated inside the worker. */
declare const chrome: typeof Browser;

let sb: Sandbox | undefined;
let h: ExtensionHarness | undefined;
const savedLanguage = process.env.LANGUAGE;
afterEach(async () => {
  await h?.close();
  await sb?.close();
  h = undefined;
  sb = undefined;
  if (savedLanguage === undefined) delete process.env.LANGUAGE;
  else process.env.LANGUAGE = savedLanguage;
});

describe.each([
  { lang: 'de', shorten: 'Kürzen', longUrl: 'Lange URL', menu: 'Link kürzen', save: 'Speichern' },
  { lang: 'es', shorten: 'Acortar', longUrl: 'URL larga', menu: 'Acortar enlace', save: 'Guardar' },
])('in $lang', ({ lang, shorten, longUrl, menu, save }) => {
  it('the popup, the menu and the options page are translated, with nothing cut off', async () => {
    process.env.LANGUAGE = lang;
    sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 100_000 });
    h = await launchExtension({ args: [`--lang=${lang}`] });
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });

    const popup = await openPopupFor(h, `${sb.url}/page/${lang}`);
    await popup.getByRole('button', { name: shorten, exact: true }).waitFor();
    await popup.getByLabel(longUrl, { exact: true }).waitFor();
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe(lang);
    await popup.getByRole('button', { name: shorten, exact: true }).click();
    await popup.locator('img').first().waitFor({ timeout: 15_000 });
    // Nothing runs out of the popup's width.
    const outside = await popup.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length,
    );
    expect(outside).toBe(0);
    await screenshot(popup, `popup-${lang}`, { fullPage: true });

    const title = await evalInWorker(h, () => chrome.i18n.getMessage('menuShortenLink'), undefined);
    expect(title).toBe(menu);

    const options = await openOptions(h);
    await options.getByRole('button', { name: save, exact: true }).waitFor();
    await screenshot(options, `options-${lang}`);
  });
});
