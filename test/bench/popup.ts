/**
 * The popup figures: readiness with a warm cache against a static page of the sandbox, the
 * API requests of one open (warm and cold cache), and the shorten round trip.
 */
import type { Page } from 'playwright-core';
import { openBackgroundPage, openPopupFor, withTimeout, type ExtensionHarness } from '../e2e/harness';
import type { Sandbox } from '../sandbox/types';
import { apiRequests, ask, sleep, waitQuiet } from './util';

/** What "filled" means: every selectable domain and every campaign of the account as options. */
export interface Expected {
  domains: number;
  campaigns: number;
}

interface ProbeWindow {
  __benchReady?: number | null;
  __benchProbe?: boolean;
}

/**
 * Installed in every new document (Page.addScriptToEvaluateOnNewDocument) and active only in
 * popup.html: a MutationObserver, attached before the popup's own scripts run, that records
 * performance.now() (ms since the navigation started) at the first DOM change after which
 * both pickers hold exactly their default choice and every item (so no "Loading…"
 * placeholder), neither is disabled, and the "Shorten" button (the form's submit) is enabled.
 */
function readinessProbe(expected: Expected): void {
  // popup.html, or the bench's reference popup (test/bench/reference) that fills the same form.
  if (location.protocol !== 'chrome-extension:' || !/\/(popup|reference)\.html$/.test(location.pathname)) return;
  const w = window as unknown as ProbeWindow;
  w.__benchProbe = true;
  w.__benchReady = null;
  const ready = (): boolean => {
    const d = document.getElementById('domain') as HTMLSelectElement | null;
    const c = document.getElementById('campaign') as HTMLSelectElement | null;
    // "Shorten": the form's submit button (found by structure, so a translated label still works).
    const b = document.querySelector('form.shorten-form button[type="submit"]') as HTMLButtonElement | null;
    if (!d || !c || !b || d.disabled || c.disabled || b.disabled) return false;
    // Exactly the default choice + every item: a "Loading…" placeholder (a remembered choice
    // whose list has not arrived) or a missing item makes the count differ.
    return d.options.length === expected.domains + 1 && c.options.length === expected.campaigns + 1;
  };
  const mo = new MutationObserver(() => {
    if (w.__benchReady === null && ready()) {
      w.__benchReady = performance.now();
      performance.mark('benchReady'); // for traces (test/bench/profile.ts)
      mo.disconnect();
    }
  });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

export async function installProbe(h: ExtensionHarness, expected: Expected): Promise<void> {
  await h.context.addInitScript(readinessProbe, expected);
}

/** The expected option counts, from the sandbox's own records. */
export function expectedOf(sb: Sandbox): Expected {
  const data = sb.state.forKey(sb.key);
  return {
    domains: data.domains.filter((d) => typeof d.id === 'number' && Number.isInteger(d.id) && d.id > 0).length,
    campaigns: data.campaigns.length,
  };
}

export interface OpenResult {
  /** ms from the navigation's start to ready (see readinessProbe). */
  readyMs: number;
  /** /api/ requests the sandbox saw from opening until 300 ms without any after ready. */
  apiRequests: number;
  /** When the popup opened and when it became ready (epoch ms). */
  openedAt: number;
  readyAt: number;
}

/** Opens the popup on a sandbox page, waits until it is ready, counts the API requests; `inspect` reads the page before it closes. */
export async function openAndMeasure(
  h: ExtensionHarness,
  sb: Sandbox,
  name: string,
  popupPage = 'popup.html',
  inspect?: (page: Page) => Promise<void>,
): Promise<OpenResult> {
  const from = Date.now();
  const page = await openPopupFor(h, `${sb.url}/page/${name}`, { timeoutMs: 20_000, page: popupPage });
  try {
    await page.waitForFunction(() => typeof (window as unknown as ProbeWindow).__benchReady === 'number', undefined, { timeout: 20_000 });
    const r = await page.evaluate(() => {
      const readyMs = (window as unknown as ProbeWindow).__benchReady as number;
      return { readyMs, readyAt: performance.timeOrigin + readyMs };
    });
    await waitQuiet(sb.log, 300);
    await sleep(300); // late background refreshes would show here
    await inspect?.(page);
    return { readyMs: r.readyMs, apiRequests: apiRequests(sb.log, from).length, openedAt: from, readyAt: r.readyAt };
  } finally {
    await closeAll(h, page);
  }
}

/** Closes the given pages and every tab but the kept ones (`keepOpen`). */
export async function closeAll(h: ExtensionHarness, ...extra: Page[]): Promise<void> {
  for (const p of extra) await p.close().catch(() => undefined);
  for (const p of h.context.pages()) if (!p.isClosed() && !kept.has(p)) await p.close().catch(() => undefined);
}
const kept = new Set<Page>();
/** Tabs that `closeAll` leaves open (the driver page). */
export const keepOpen = (p: Page) => kept.add(p);

/** The static page's load time: navigation start → end of the load event (Navigation Timing). */
export async function staticLoadMs(h: ExtensionHarness, sb: Sandbox): Promise<number> {
  const page = await openBackgroundPage(h, `${sb.url}/static`);
  try {
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return nav.loadEventEnd - nav.startTime;
    });
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** Empties the worker's cache of account and lists (the `clearCache` message). */
export async function clearCache(driver: Page): Promise<void> {
  const r = await ask(driver, 'clearCache');
  if (!r.ok) throw new Error(`clearCache failed: ${JSON.stringify(r.error)}`);
}

export interface RoundTrip {
  /** Press → short link shown, in the page. */
  totalMs: number;
  /** The sandbox's handling time of the API requests made meanwhile (log handlingMs). */
  handlingMs: number;
  requests: number;
}

/**
 * Shortens `urls` one after the other in one popup: fills "Long URL", then in the page presses
 * "Shorten" and waits (MutationObserver) for the "Short link" field to show a new link.
 */
export async function shortenRoundTrips(h: ExtensionHarness, sb: Sandbox, urls: string[]): Promise<RoundTrip[]> {
  const page = await openPopupFor(h, `${sb.url}/page/roundtrip`, { timeoutMs: 20_000 });
  const out: RoundTrip[] = [];
  try {
    await page.waitForFunction(() => typeof (window as unknown as ProbeWindow).__benchReady === 'number', undefined, { timeout: 20_000 });
    for (const url of urls) {
      await page.fill('#long-url', url);
      await page.waitForFunction(
        () => !(document.querySelector('form.shorten-form button[type="submit"]') as HTMLButtonElement).disabled,
        undefined,
        { timeout: 10_000 },
      );
      await waitQuiet(sb.log, 100);
      const from = Date.now();
      const r = await withTimeout(
        page.evaluate(
          () =>
            new Promise<{ ms: number; link: string; error: string | null }>((resolve) => {
              const button = document.querySelector('form.shorten-form button[type="submit"]') as HTMLButtonElement;
              const before = (document.getElementById('short-link') as HTMLInputElement | null)?.value ?? null;
              const t0 = performance.now();
              const check = () => {
                const field = document.getElementById('short-link') as HTMLInputElement | null;
                if (field && field.value && field.value !== before) {
                  mo.disconnect();
                  resolve({ ms: performance.now() - t0, link: field.value, error: null });
                  return;
                }
                const alert = document.getElementById('popup-error'); // ErrorAlert (components/popup)
                if (alert?.textContent?.trim()) {
                  mo.disconnect();
                  resolve({ ms: performance.now() - t0, link: '', error: alert.textContent.trim() });
                }
              };
              const mo = new MutationObserver(check);
              mo.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
              button.click();
            }),
        ),
        15_000,
        'The short link did not appear',
      );
      const to = Date.now();
      if (r.error) throw new Error(`Shorten failed in the popup: ${r.error}`);
      const reqs = apiRequests(sb.log, from, to);
      out.push({ totalMs: r.ms, handlingMs: reqs.reduce((a, l) => a + l.handlingMs, 0), requests: reqs.length });
      // Let the popup settle (copy, Recent links) before the next press.
      await page.waitForFunction(
        () => !(document.querySelector('form.shorten-form button[type="submit"]') as HTMLButtonElement).disabled,
        undefined,
        { timeout: 10_000 },
      );
      await sleep(150);
    }
    return out;
  } finally {
    await closeAll(h, page);
  }
}
