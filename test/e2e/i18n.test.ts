/**
 * The extension in German and Spanish in Chromium: the popup, the context menu and the
 * options page speak the browser's language (public/_locales), and nothing is cut off.
 * Chromium takes its UI language from --lang and the LANGUAGE variable.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { evalInWorker, openOptions, openPopupFor, screenshot, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

/** The extension APIs, as seen by code evaluated inside the worker. */
declare const chrome: typeof Browser;

describe.each([
  { lang: 'de', shorten: 'Kürzen', longUrl: 'Lange URL', menu: 'Link kürzen', save: 'Speichern' },
  { lang: 'es', shorten: 'Acortar', longUrl: 'URL larga', menu: 'Acortar enlace', save: 'Guardar' },
])('in $lang', ({ lang, shorten, longUrl, menu, save }) => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', mainLimit: 100_000 }, language: lang });

  it('the popup, the menu and the options page are translated, with nothing cut off', async () => {
    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/${lang}`);
    await popup.getByRole('button', { name: shorten, exact: true }).waitFor();
    await popup.getByLabel(longUrl, { exact: true }).waitFor();
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe(lang);
    // The alias help's end (the "_" in its quotes) is never left alone on a line: it stays with the word before it.
    const endAlone = await popup.evaluate(() => {
      const text = document.getElementById('alias-help')!.firstChild as Text;
      const end = text.data.lastIndexOf('_') - 1;
      const top = (at: number) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return range.getBoundingClientRect().top;
      };
      return top(end) !== top(end - 3);
    });
    expect(endAlone).toBe(false);
    await popup.getByRole('button', { name: shorten, exact: true }).click();
    await popup.locator('img').first().waitFor({ timeout: OUTCOME_MS });
    // Nothing runs out of the popup's width.
    const outside = await popup.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('body *')].filter(
          (el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
        ).length,
    );
    expect(outside).toBe(0);
    await screenshot(popup, `popup-${lang}`, { fullPage: true });

    const title = await evalInWorker(ext.h, () => chrome.i18n.getMessage('menuShortenLink'), undefined);
    expect(title).toBe(menu);

    const options = await openOptions(ext.h);
    await options.getByRole('button', { name: save, exact: true }).waitFor();
    await screenshot(options, `options-${lang}`);
  });
});
