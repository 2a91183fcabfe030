/**
 * What the latency figures run inside the pages: probes installed in every new document (the
 * popup's Recent links drawn, the options page's long list counted), one press timed in the
 * popup, keystrokes timed in "Search recent links", and a history of many links seeded.
 */
import type { Page } from 'playwright-core';
import { evalInWorker, type ExtensionHarness } from '../e2e/harness';
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

/**
 * In popup.html: records performance.now() (`__benchRecent`) at the first DOM change after which
 * the section "Recent links" shows its content (its list, or a sentence that is not "Loading…"),
 * and (`__benchRecentWhole`) the first after which its list is no longer busy (the worker's whole
 * list has replaced the stored head's newest links).
 */
export function recentProbe(): void {
  if (location.protocol !== 'chrome-extension:' || !/\/popup\.html$/.test(location.pathname)) return;
  const w = window as unknown as { __benchRecent?: number | null; __benchRecentWhole?: number | null };
  w.__benchRecent = null;
  w.__benchRecentWhole = null;
  const drawn = (): boolean => {
    const section = document.querySelector('section.recent');
    if (!section) return false;
    if (section.querySelector('li')) return true;
    return [...section.querySelectorAll('p')].some((p) => p.textContent && p.textContent !== 'Loading…');
  };
  const mo = new MutationObserver(() => {
    if (w.__benchRecent === null && drawn()) w.__benchRecent = performance.now();
    if (w.__benchRecentWhole === null && document.querySelector('section.recent ul.recent-list:not([aria-busy="true"]) li'))
      w.__benchRecentWhole = performance.now();
    if (w.__benchRecent !== null && w.__benchRecentWhole !== null) mo.disconnect();
  });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
}

/** In options.html: records performance.now() (`__benchBigList`) when a list's live status line says "<count> campaigns". */
export function bigListProbe(count: number): void {
  if (location.protocol !== 'chrome-extension:' || !/\/options\.html$/.test(location.pathname)) return;
  const w = window as unknown as { __benchBigList?: number | null };
  w.__benchBigList = null;
  const want = new RegExp(`^${String(count).replace(/(\d)(?=(\d{3})+$)/g, '$1[,.  ]?')} campaigns`);
  const mo = new MutationObserver(() => {
    if (w.__benchBigList !== null) return;
    for (const s of document.querySelectorAll('[aria-live="polite"], [role="status"]')) {
      if (want.test(s.textContent ?? '')) {
        w.__benchBigList = performance.now();
        performance.mark('benchBigList'); // for a trace of the open (profileOptions.ts)
        mo.disconnect();
        return;
      }
    }
  });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
}

/** One press of Shorten in the popup: ms until the new short link is shown, and until "Copied to clipboard" is said. */
export async function pressOnce(page: Page, url: string): Promise<{ linkMs: number; clipboardMs: number }> {
  await page.fill('#long-url', url);
  await page.waitForFunction(
    () => !(document.querySelector('form.shorten-form button[type="submit"]') as HTMLButtonElement).disabled,
    undefined,
    {
      timeout: 20_000,
    },
  );
  const r = await page.evaluate(
    () =>
      new Promise<{ linkMs: number; clipboardMs: number; error: string | null }>((resolve) => {
        const button = document.querySelector('form.shorten-form button[type="submit"]') as HTMLButtonElement;
        const before = (document.getElementById('short-link') as HTMLInputElement | null)?.value ?? null;
        const t0 = performance.now();
        let linkMs = -1;
        let clipboardMs = -1;
        const check = () => {
          const field = document.getElementById('short-link') as HTMLInputElement | null;
          // Shown = in the page and laid out (the layout its paint needs: forced here, so a page that
          // leaves it to the frame is measured the same as one that forces it itself).
          if (linkMs < 0 && field?.value && field.value !== before && document.body.offsetHeight >= 0) {
            linkMs = performance.now() - t0;
            performance.mark('benchLink'); // for a trace of the press (profilePress.ts)
          }
          const status = document.querySelector('[role="status"].status-line')?.textContent ?? '';
          if (clipboardMs < 0 && linkMs >= 0 && status === 'Copied to clipboard') clipboardMs = performance.now() - t0;
          const alert = document.getElementById('popup-error')?.textContent?.trim();
          if (alert) {
            mo.disconnect();
            resolve({ linkMs, clipboardMs, error: alert });
          } else if (linkMs >= 0 && clipboardMs >= 0) {
            mo.disconnect();
            resolve({ linkMs, clipboardMs, error: null });
          }
        };
        const mo = new MutationObserver(check);
        mo.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        performance.mark('benchPress');
        button.click();
      }),
  );
  if (r.error) throw new Error(`Shorten failed in the popup: ${r.error}`);
  // The assignments and Recent links settle before the next press.
  await page.waitForFunction(() => !document.body.textContent?.includes('Adding to '), undefined, { timeout: 20_000 });
  return { linkMs: r.linkMs, clipboardMs: r.clipboardMs };
}

/** Fills the history with `count` links shaped like the newest stored one (or a made-up one). */
export async function seedHistory(h: ExtensionHarness, count: number): Promise<void> {
  await evalInWorker(
    h,
    async (n) => {
      const list = ((await chrome.storage.local.get('history')).history ?? []) as Record<string, unknown>[];
      const model = list[0];
      if (!model) throw new Error('no history entry to copy');
      const now = Date.now();
      const many = Array.from({ length: n }, (_, i) => ({
        ...model,
        id: `seed-${i}`,
        longUrl: `https://example.org/bench/latency/${i}/article-${(i * 7919) % 10007}`,
        shortUrl: `${String(model.shortUrl).replace(/[^/]+$/, '')}s${i.toString(36)}`,
        shortCode: `s${i.toString(36)}`,
        linkId: 100000 + i,
        createdAt: now - i * 60_000,
      }));
      await chrome.storage.local.set({ history: many });
    },
    count,
    60_000,
  );
}

/**
 * Types `text` into "Search recent links", then deletes it with Backspace, `rounds` times: for
 * each keystroke, ms from the input event until the last change of the page it caused (the
 * list drawn for the new query), or until the event's handling returned when that is later.
 */
export async function typeAndMeasure(page: Page, text: string, rounds: number): Promise<number[]> {
  return page.evaluate(
    async ({ text: typed, rounds: n }) => {
      const input = document.getElementById('recent-search') as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      let last = 0;
      const mo = new MutationObserver(() => (last = performance.now()));
      mo.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      const quiet = async () => {
        // Settled: 50 ms without a change of the page.
        for (;;) {
          const before = last;
          await new Promise((r) => setTimeout(r, 50));
          if (last === before) return;
        }
      };
      const out: number[] = [];
      const key = async (value: string) => {
        await quiet();
        const t0 = performance.now();
        last = t0;
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const handled = performance.now();
        await quiet();
        out.push(Math.max(handled, last) - t0);
      };
      for (let r = 0; r < n; r++) {
        for (let i = 1; i <= typed.length; i++) await key(typed.slice(0, i));
        for (let i = typed.length - 1; i >= 0; i--) await key(typed.slice(0, i));
      }
      mo.disconnect();
      return out;
    },
    { text, rounds },
  );
}
