/**
 * Recent links drawn after the popup's form is ready, timed the same way for the
 * project's popup (latency.ts) and for the floor's (floor/run.ts): the probe recentProbe
 * (latencyPage.ts) records when the section shows its content.
 */
import type { Page } from 'playwright-core';
import { openPopupFor, type ExtensionHarness } from '../e2e/harness';
import type { Sandbox } from '../sandbox/types';
import { closeAll } from './popup';
import { stat, type Stat } from './util';

/**
 * Opens the popup `n` times: Recent links drawn (not "Loading…") less the form ready, and with
 * a long history (`whole`) the worker's whole list drawn less the moment "Search recent links" is
 * focused (the popup asks for the whole list then, not at its open).
 */
export async function recentAfterReady(
  h: ExtensionHarness,
  sb: Sandbox,
  name: string,
  n: number,
  whole: boolean,
): Promise<{ drawn: Stat; whole: Stat }> {
  const drawn: number[] = [];
  const wholes: number[] = [];
  for (let i = 0; i < n; i++) {
    const page = await openPopupFor(h, `${sb.url}/page/${name}-${i}`, { timeoutMs: 20_000 });
    try {
      await page.waitForFunction(
        () => {
          const x = window as unknown as { __benchReady?: number | null; __benchRecent?: number | null };
          return typeof x.__benchReady === 'number' && typeof x.__benchRecent === 'number';
        },
        undefined,
        { timeout: 30_000 },
      );
      const focusedAt = whole ? await focusSearch(page) : NaN;
      if (whole)
        await page.waitForFunction(
          () => typeof (window as unknown as { __benchRecentWhole?: unknown }).__benchRecentWhole === 'number',
          undefined,
          { timeout: 30_000 },
        );
      const r = await page.evaluate(() => {
        const x = window as unknown as { __benchReady: number; __benchRecent: number; __benchRecentWhole: number | null };
        return { drawn: x.__benchRecent - x.__benchReady, wholeAt: x.__benchRecentWhole ?? NaN };
      });
      const rw = { drawn: r.drawn, whole: r.wholeAt - focusedAt };
      drawn.push(Math.max(0, rw.drawn));
      if (whole) wholes.push(rw.whole);
    } finally {
      await closeAll(h, page);
    }
  }
  return { drawn: stat(drawn), whole: stat(wholes) };
}

/** Focuses "Search recent links" as a user about to search does (the popup then asks for the whole list); when, in the page's clock. */
export async function focusSearch(page: Page): Promise<number> {
  await page.waitForSelector('#recent-search', { timeout: 30_000 });
  return page.evaluate(() => {
    const at = performance.now();
    (document.getElementById('recent-search') as HTMLInputElement).focus();
    return at;
  });
}
