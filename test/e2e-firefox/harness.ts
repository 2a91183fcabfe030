/**
 * Helpers for the Firefox browser tests: the Firefox build (`.output/firefox-mv3`, from
 * `npm run build:firefox`) installed as a temporary add-on into Debian's Firefox ESR
 * (/usr/bin/firefox-esr, or $FIREFOX_PATH) through puppeteer-core over WebDriver BiDi.
 * The same interface as the Chromium harness (test/e2e/harness.ts): launchExtension,
 * configureExtension, readStorage, openOptions, openPopupFor, readClipboard, stopWorker,
 * screenshot; only the Page is Puppeteer's, so controls are found with `control()` below.
 *
 *   const h = await launchExtension();
 *   await configureExtension(h, { serviceUrl: sandbox.url, apiKey: sandbox.key });
 *   const popup = await openPopupFor(h, `${sandbox.url}/page/demo`);
 *   ...
 *   expect(h.extensionErrors()).toEqual([]);
 *   await h.close(); // always: closes Firefox, deletes the temporary profile and downloads
 *
 * A test file does not repeat these steps: `withExtension()` (at the end of this file) registers
 * them as hooks, with the rule of `failOnExtensionErrors`, and closes everything afterwards.
 *
 * What Firefox needs (checked on Firefox ESR 153):
 * - A fixed extension UUID (pref `extensions.webextensions.uuids`), so pages are at
 *   `moz-extension://<UUID>/…`.
 * - `--remote-allow-system-access` to open moz-extension:// pages from automation; even so
 *   `page.goto` on them never resolves, so `navigate()` starts it and waits for the document.
 * - Puppeteer's console/pageerror events stay silent for extension pages. With the prefs
 *   `devtools.console.stdout.*`, errors of the pages and of the background page are printed
 *   on Firefox's output as `JavaScript error: moz-extension://…`: `extensionErrors()` has them.
 * - The background is an event page, not a service worker. An extension page reaches it with
 *   `runtime.getBackgroundPage()` (which starts it when it is stopped); `callBackground` calls
 *   the listeners the test build keeps on its global (`__linkShortListeners`, test/support/listenerProbe.ts). `stopWorker` stops
 *   it as Firefox does when it is idle, through the privileged (chrome) realm that
 *   `--remote-allow-system-access` opens to BiDi's script.evaluate.
 * - The clipboard is read by the sandbox's /clipboard page with the test-only pref
 *   `dom.events.testing.asyncClipboard` (no paste prompt); downloads go to a temporary folder.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser as Firefox, type ElementHandle, type Page } from 'puppeteer-core';
import { afterAll, afterEach, expect } from 'vitest';
import { extensionFixture } from '../e2e/fixture';
import { OUTCOME_MS, REPO_ROOT, SCREENSHOT_DIR, sleep, until, withTimeout, type Connection } from '../e2e/harness';

export { OUTCOME_MS, sleep, until, withTimeout, type Connection };

/** The Firefox build that `npm run build:firefox` writes ($E2E_FIREFOX_EXTENSION_DIR: a copy). */
export const DEFAULT_EXTENSION_DIR = process.env.E2E_FIREFOX_EXTENSION_DIR || join(REPO_ROOT, '.output/firefox-mv3');
/** Debian's Firefox ESR (apt-get install -y firefox-esr), unless $FIREFOX_PATH says otherwise. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** The extension's UUID in these tests (any UUID works; fixed so that URLs are known before install). */
export const EXTENSION_UUID = '5f0c2a1e-6b7d-4c3a-9e8f-1a2b3c4d5e6f';

const DEFAULT_TIMEOUT_MS = 15_000;

export interface ExtensionHarness {
  browser: Firefox;
  /** The gecko id from the manifest. */
  extensionId: string;
  extensionDir: string;
  /** Where the pages' downloads land (deleted by `close()`). */
  downloadDir: string;
  /** `moz-extension://<uuid>/<path>`. */
  url(path: string): string;
  /** `JavaScript error: moz-extension://…` lines Firefox printed so far (pages and background). */
  extensionErrors(): string[];
  /** Every line Firefox printed (for diagnosing a failure). */
  output(): string[];
  /** Closes Firefox and deletes the profile and downloads. Idempotent; never throws. */
  close(): Promise<void>;
}

export interface LaunchOptions {
  extensionDir?: string;
  /** Extra prefs (they win over the harness's). */
  prefs?: Record<string, unknown>;
  timeoutMs?: number;
}

const internals = new WeakMap<ExtensionHarness, { helper?: Promise<Page> }>();
const internal = (h: ExtensionHarness) => {
  const i = internals.get(h);
  if (!i) throw new Error('Not a harness made by launchExtension().');
  return i;
};

/**
 * Starts Firefox ESR headless with a fresh profile and installs the extension as a temporary
 * add-on. Fails clearly when Firefox or the build is missing.
 */
export async function launchExtension(opts: LaunchOptions = {}): Promise<ExtensionHarness> {
  const extensionDir = resolve(opts.extensionDir ?? DEFAULT_EXTENSION_DIR);
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(`Firefox not found at ${FIREFOX_PATH}: install it (sudo apt-get install -y firefox-esr) or set FIREFOX_PATH.`);
  }
  const manifestFile = join(extensionDir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`No Firefox build at ${extensionDir} (manifest.json missing): run \`npm run build:firefox\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { browser_specific_settings?: { gecko?: { id?: string } } };
  const extensionId = manifest.browser_specific_settings?.gecko?.id;
  if (!extensionId) throw new Error(`${manifestFile} has no browser_specific_settings.gecko.id: is it the Firefox build?`);

  const downloadDir = mkdtempSync(join(tmpdir(), 'linkshort-ff-downloads-'));
  const lines: string[] = [];
  let ff: Firefox;
  try {
    ff = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      // No viewport set on each new page: Puppeteer's setViewport also sends
      // emulation.setScreenOrientationOverride, which Firefox ESR 140 does not know
      // (`setViewportSize` below sends only browsingContext.setViewport).
      defaultViewport: null,
      timeout: opts.timeoutMs ?? 30_000,
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [extensionId]: EXTENSION_UUID }),
        // Errors of extension pages and of the background page on Firefox's output.
        'devtools.console.stdout.content': true,
        'devtools.console.stdout.chrome': true,
        // The optional host permission without a prompt; notifications kept by Firefox, not the OS.
        'extensions.webextOptionalPermissionPrompts': false,
        'alerts.useSystemBackend': false,
        // navigator.clipboard.readText() on the sandbox's /clipboard page without a paste prompt.
        'dom.events.testing.asyncClipboard': true,
        'browser.download.dir': downloadDir,
        'browser.download.folderList': 2,
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        ...opts.prefs,
      },
    });
  } catch (err) {
    rmSync(downloadDir, { recursive: true, force: true });
    throw new Error(`Firefox (${FIREFOX_PATH}) did not start: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Firefox writes to both streams; keep whole lines of each.
  for (const stream of [ff.process()?.stdout, ff.process()?.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
  }

  let closed: Promise<void> | undefined;
  const h: ExtensionHarness = {
    browser: ff,
    extensionId,
    extensionDir,
    downloadDir,
    url: (path) => `moz-extension://${EXTENSION_UUID}/${path.replace(/^\//, '')}`,
    extensionErrors: () => lines.filter((l) => l.includes(`JavaScript error: moz-extension://${EXTENSION_UUID}/`)),
    output: () => [...lines],
    close: () =>
      (closed ??= (async () => {
        await withTimeout(ff.close(), 20_000, 'Firefox did not close').catch((err: unknown) => {
          console.warn(`[firefox harness] ${err instanceof Error ? err.message : String(err)}`);
          ff.process()?.kill('SIGKILL');
        });
        rmSync(downloadDir, { recursive: true, force: true });
      })()),
  };
  internals.set(h, {});
  try {
    const installed = await ff.installExtension(extensionDir);
    if (installed !== extensionId) throw new Error(`Installed ${installed}, expected ${extensionId}`);
  } catch (err) {
    await h.close();
    throw err;
  }
  return h;
}

/**
 * Navigates `page` to `url` and waits until its document has loaded. (`page.goto` never
 * resolves for moz-extension:// pages, and Puppeteer's `page.url()` may lag behind.)
 */
export async function navigate(page: Page, url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Page> {
  void page.goto(url, { timeout: timeoutMs }).catch(() => undefined);
  await until(
    async () => {
      const [href, state] = await page.evaluate(() => [location.href, document.readyState]);
      return href === url && state === 'complete';
    },
    `The page ${url} to load`,
    timeoutMs,
    50,
  );
  return page;
}

/** Puppeteer's BiDi connection of the browser (its public type does not say it has one). */
const bidi = (h: ExtensionHarness) =>
  (h.browser as unknown as { connection: { send(method: string, params: unknown): Promise<unknown> } }).connection;

/** The BiDi browsing context of a Puppeteer page (its main frame's id). */
const contextOf = (page: Page): string | undefined => (page.mainFrame() as unknown as { _id?: string })._id;

/**
 * A new tab in the window of the tabs already open. browsingContext.create with no reference
 * context opens it in the last focused window, which Firefox ESR 140 takes to be any window: a
 * notification's (alerts.useSystemBackend false) has no tabs, and the command fails ("TabManager
 * .getTabBrowser(...) is undefined"). Named by an open tab, the window is a browser window.
 */
async function newTab(h: ExtensionHarness, background: boolean): Promise<Page> {
  const referenceContext = (await h.browser.pages()).map(contextOf).find((c) => c !== undefined);
  if (!referenceContext) return h.browser.newPage({ background });
  const created = (await bidi(h).send('browsingContext.create', { type: 'tab', referenceContext, background })) as {
    result: { context: string };
  };
  const id = created.result.context;
  return until(
    async () => (await h.browser.pages()).find((p) => contextOf(p) === id),
    'the new tab known to Puppeteer',
    DEFAULT_TIMEOUT_MS,
    20,
  );
}

/** Opens `url` in a new tab (in the background: the active tab stays) and waits for it. */
export async function openPage(h: ExtensionHarness, url: string, opts: { background?: boolean } = {}): Promise<Page> {
  const page = await newTab(h, opts.background ?? false);
  if (url.startsWith('moz-extension:')) return navigate(page, url);
  await page.goto(url, { waitUntil: 'load', timeout: DEFAULT_TIMEOUT_MS });
  return page;
}

/**
 * A background tab showing the extension's manifest.json: an extension page that runs no
 * script of its own, from which tests use the extension's APIs. One per harness.
 */
function helperPage(h: ExtensionHarness): Promise<Page> {
  const i = internal(h);
  return (i.helper ??= openPage(h, h.url('manifest.json'), { background: true }));
}

/** Evaluates `fn(arg)` in an extension page (it has the extension's `browser.*` APIs). */
export async function evalInExtension<R, A>(
  h: ExtensionHarness,
  fn: (arg: A) => R | Promise<R>,
  arg: A,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<R> {
  const page = await helperPage(h);
  return withTimeout(
    page.evaluate(fn as (arg: unknown) => R, arg as unknown) as Promise<R>,
    timeoutMs,
    'The extension page did not answer',
  );
}

/** Points the extension at a service: writes `connection` into storage.local. */
export async function configureExtension(h: ExtensionHarness, conn: Connection): Promise<void> {
  const connection = { serviceUrl: conn.serviceUrl.replace(/\/+$/, ''), apiKey: conn.apiKey };
  const back = await evalInExtension(
    h,
    async (c) => {
      await browser.storage.local.set({ connection: c });
      return (await browser.storage.local.get('connection')).connection as unknown;
    },
    connection,
  );
  const stored = back as Partial<Connection> | undefined;
  if (stored?.serviceUrl !== connection.serviceUrl || stored?.apiKey !== connection.apiKey) {
    throw new Error(`configureExtension: storage holds ${JSON.stringify(back)} after writing ${JSON.stringify(connection)}`);
  }
}

/** Reads one key of storage.local (undefined when absent). */
export async function readStorage<T = unknown>(h: ExtensionHarness, key: string): Promise<T | undefined> {
  return (await evalInExtension(h, async (k) => (await browser.storage.local.get(k))[k] as unknown, key)) as T | undefined;
}

/** The listeners the background page registers (the test build keeps them on its global: test/support/listenerProbe.ts). */
export type BackgroundListener = 'menuClick' | 'command' | 'omniboxEntered';

/**
 * Calls one of the background page's own listeners with `args`, as Firefox would for a menu
 * click, the shortcut or Enter after the `ls` keyword (headless Firefox has no native context menu, and BiDi's key events
 * reach the page, not the browser's shortcuts). Starts the background page when it is stopped.
 * Does not wait for the work the listener starts.
 */
export async function callBackground(h: ExtensionHarness, listener: BackgroundListener, args: unknown[]): Promise<void> {
  await evalInExtension(
    h,
    async ({ listener: name, args: a }) => {
      const bg = (await browser.runtime.getBackgroundPage()) as unknown as {
        __linkShortListeners?: Record<string, (...x: unknown[]) => unknown>;
      } | null;
      const own = bg?.__linkShortListeners?.[name];
      if (!own) throw new Error(`The background page exposes no listener "${name}": test the test build (npm run build:test:firefox)`);
      void own(...a);
    },
    { listener, args },
  );
}

/** The tab showing `url`, as the extension sees it (the Tab Firefox passes to listeners). */
export async function tabOf(h: ExtensionHarness, url: string): Promise<unknown> {
  // Not tabs.query({url}): Firefox's match patterns have no port.
  return until(
    () => evalInExtension(h, async (u) => (await browser.tabs.query({})).find((t) => t.url === u && t.status === 'complete') ?? null, url),
    `the tab of ${url}`,
  );
}

/** The extension's notifications now (id → options), as Firefox keeps them. */
export async function notifications(h: ExtensionHarness): Promise<Record<string, { title?: string; message?: string }>> {
  return (await evalInExtension(h, () => browser.notifications.getAll() as Promise<unknown>, undefined)) as Record<
    string,
    { title?: string; message?: string }
  >;
}

/** Clears every notification of the extension. */
export async function clearNotifications(h: ExtensionHarness): Promise<void> {
  await evalInExtension(
    h,
    async () => {
      for (const id of Object.keys(await browser.notifications.getAll())) await browser.notifications.clear(id);
    },
    undefined,
  );
}

/**
 * Sets the page's viewport with browsingContext.setViewport alone. (Puppeteer's `setViewport`
 * sends emulation.setScreenOrientationOverride too, an unknown command in Firefox ESR 140.)
 */
export async function setViewportSize(h: ExtensionHarness, page: Page, size: { width: number; height: number }): Promise<void> {
  const context = contextOf(page);
  if (!context) throw new Error('setViewportSize: the page has no browsing context id');
  await bidi(h).send('browsingContext.setViewport', { context, viewport: size });
}

/** Evaluates `expression` in Firefox's privileged (chrome) realm, through BiDi. */
async function evalInChrome(h: ExtensionHarness, expression: string): Promise<unknown> {
  const conn = bidi(h);
  const tree = (await conn.send('browsingContext.getTree', { 'moz:scope': 'chrome' })) as {
    result: { contexts: { context: string }[] };
  };
  const context = tree.result.contexts[0]?.context;
  if (!context) throw new Error('No chrome browsing context (is Firefox started with --remote-allow-system-access?)');
  const answer = (await conn.send('script.evaluate', { expression, target: { context }, awaitPromise: true })) as {
    result: { type: string; result?: { value?: unknown }; exceptionDetails?: { text?: string } };
  };
  if (answer.result.type !== 'success') throw new Error(`Chrome realm: ${answer.result.exceptionDetails?.text ?? 'exception'}`);
  return answer.result.result?.value;
}

const extensionExpr = (id: string) =>
  `ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs').ExtensionParent.GlobalManager.getExtension(${JSON.stringify(id)})`;

/** The background page's state as Firefox tracks it ('running', 'stopped', 'starting', …). */
export async function backgroundState(h: ExtensionHarness): Promise<string> {
  return String(await evalInChrome(h, `String(${extensionExpr(h.extensionId)}.backgroundState)`));
}

/**
 * Stops the background page as Firefox does when it is idle (what about:debugging's
 * "Terminate background script" does), and returns once Firefox reports it stopped. The next
 * extension event (a message, an alarm, `callBackground`) starts it again.
 */
export async function stopWorker(h: ExtensionHarness): Promise<void> {
  await evalInChrome(h, `${extensionExpr(h.extensionId)}.terminateBackground()`);
  await until(async () => (await backgroundState(h)) === 'stopped', 'the background page stopped');
}

/** Starts the stopped background page without any extension event (as Firefox does at an event). */
export async function wakeWorker(h: ExtensionHarness): Promise<void> {
  await evalInChrome(h, `${extensionExpr(h.extensionId)}.wakeupBackground()`);
  await until(async () => (await backgroundState(h)) === 'running', 'the background page running');
}

/**
 * Takes the whole browser offline or back online, as File → Work Offline does (`Services.io.offline`,
 * with Firefox's own watching of the network link turned off so that it does not undo it): every
 * request fails at once, the background page's included (a browsing context's offline emulation of
 * BiDi reaches one tab only), and pages get the `offline` and `online` events. Offline Firefox still
 * reaches 127.0.0.1, where the sandbox listens, unless `network.disable-localhost-when-offline` says no.
 */
export async function setBrowserOffline(h: ExtensionHarness, offline: boolean): Promise<void> {
  await evalInChrome(
    h,
    `(() => { Services.prefs.setBoolPref('network.disable-localhost-when-offline', true); Services.io.manageOfflineStatus = false; Services.io.offline = ${offline}; return Services.io.offline; })()`,
  );
  await until(
    async () => (await evalInChrome(h, 'Services.io.offline')) === offline,
    offline ? 'the browser offline' : 'the browser online',
  );
}

/**
 * Reloads the extension (runtime.reload, as an update does): Firefox closes its pages, starts
 * a new background page, and keeps storage.local. Returns once the new background page runs.
 * Needs no privileged realm (Firefox ESR 140 has none over BiDi): the running background page is
 * marked through `runtime.getBackgroundPage()`, and the new one is the one without the mark.
 */
export async function reloadExtension(h: ExtensionHarness): Promise<void> {
  const helper = await helperPage(h);
  await helper.evaluate(async () => {
    const bg = (await browser.runtime.getBackgroundPage()) as unknown as Record<string, unknown> | null;
    if (bg) bg.__linkShortTestOld = true;
  });
  internal(h).helper = undefined;
  await helper.evaluate(() => browser.runtime.reload()).catch(() => undefined); // the page closes meanwhile
  await until(
    async () => {
      try {
        return await evalInExtension(
          h,
          async () => {
            const bg = (await browser.runtime.getBackgroundPage()) as unknown as (Record<string, unknown> & { document: Document }) | null;
            return !!bg && !bg.__linkShortTestOld && bg.document.readyState === 'complete' && !!bg.__linkShortListeners;
          },
          undefined,
          5_000,
        );
      } catch (err) {
        internal(h).helper = undefined; // opened while the extension was away: opened again
        throw err;
      }
    },
    'the reloaded extension’s background page running',
    30_000,
    200,
  );
}

/**
 * Whether the harness reaches Firefox's privileged (chrome) realm, which `stopWorker`,
 * `wakeWorker`, `backgroundState` and `setBrowserOffline` need: BiDi gives it from Firefox 141
 * on (with --remote-allow-system-access); Firefox ESR 140 has no chrome contexts in BiDi, and its
 * one WebDriver session is Puppeteer's (Marionette cannot open a second).
 */
export async function hasChromeRealm(h: ExtensionHarness): Promise<boolean> {
  return (await evalInChrome(h, 'typeof ChromeUtils').catch(() => 'undefined')) === 'object';
}

/** Opens options.html in a new tab. */
export async function openOptions(h: ExtensionHarness): Promise<Page> {
  return openPage(h, h.url('options.html'));
}

/**
 * popup.html in a background tab while `target` (a URL, opened in a new tab, or a Page) is the
 * active tab, as when the user clicks the toolbar button (the Chromium harness does the same;
 * see test/e2e/harness.ts). Throws when, seen from the popup, the active tab is not the page.
 */
export async function openPopupFor(h: ExtensionHarness, target: string | Page): Promise<Page> {
  const page = typeof target === 'string' ? await openPage(h, target) : target;
  await page.bringToFront();
  const popup = await openPage(h, h.url('popup.html'), { background: true });
  await setViewportSize(h, popup, { width: 420, height: 600 });
  const pageUrl = await page.evaluate(() => location.href);
  const seen = await popup.evaluate(async () => {
    const me = await browser.tabs.getCurrent();
    const [active] = await browser.tabs.query({ active: true, currentWindow: true });
    return { me: me?.id ?? null, activeId: active?.id ?? null, activeUrl: active?.url ?? null };
  });
  if (seen.activeId === null || seen.activeId === seen.me || seen.activeUrl !== pageUrl) {
    await popup.close().catch(() => undefined);
    throw new Error(`openPopupFor: the active tab is ${seen.activeUrl}, not ${pageUrl}.`);
  }
  return popup;
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Whether an element found by name is a text field (Firefox gives password fields no "textbox" role). */
const isTextField = (el: ElementHandle<Element>) =>
  el.evaluate(
    (e) =>
      e instanceof HTMLTextAreaElement ||
      (e instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'hidden'].includes(e.type)),
  );

/**
 * Every element with ARIA `role` (and accessible `name`, when given) present now, found with
 * Puppeteer's ARIA query handler. `textbox` also finds password fields by their name.
 */
export async function controls(scope: Page | ElementHandle, role: string, name?: string): Promise<ElementHandle<Element>[]> {
  const byName = name !== undefined ? `[name=${quote(name)}]` : '';
  if (role === 'textbox' && name !== undefined) {
    const found = await scope.$$(`::-p-aria(${byName})`);
    const fields: ElementHandle<Element>[] = [];
    for (const el of found) if (await isTextField(el)) fields.push(el);
    return fields;
  }
  const found = await scope.$$(`::-p-aria(${byName}[role=${quote(role)}])`);
  // ARIA 1.3 calls images "image", which is what Firefox reports for an <img>.
  return found.length === 0 && role === 'img' ? scope.$$(`::-p-aria(${byName}[role="image"])`) : found;
}

/**
 * The element with ARIA `role` and accessible `name` (as the UI contract names it), waiting
 * for it. Polls (Puppeteer's waitForSelector waits for animation frames, which Firefox does
 * not give background tabs).
 */
export async function control(
  scope: Page | ElementHandle,
  role: string,
  name: string,
  timeoutMs = OUTCOME_MS,
): Promise<ElementHandle<Element>> {
  return until(async () => (await controls(scope, role, name))[0], `a ${role} named "${name}"`, timeoutMs, 100);
}

/**
 * Replaces what a field holds by typing `value` (Puppeteer's `locator().fill()` times out in
 * Firefox; typing into the element found works and fires React's events as a user does).
 */
export async function fill(field: ElementHandle<Element>, value: string): Promise<void> {
  await field.evaluate((el) => {
    (el as HTMLInputElement).focus();
    (el as HTMLInputElement).select();
  });
  await field.press('Backspace');
  if (value) await field.type(value);
}

/** Chooses the option of a select whose label is `label`. */
export async function selectByLabel(select: ElementHandle<Element>, label: string): Promise<void> {
  const value = await select.evaluate((el, l) => [...(el as HTMLSelectElement).options].find((o) => o.label === l)?.value ?? null, label);
  if (value === null) throw new Error(`No option "${label}"`);
  await (select as ElementHandle<HTMLSelectElement>).select(value);
}

/** The value of a field, or the text of any other element. */
export const valueOf = (el: ElementHandle<Element>): Promise<string> =>
  el.evaluate((e) =>
    'value' in e && typeof (e as HTMLInputElement).value === 'string' ? (e as HTMLInputElement).value : (e.textContent ?? ''),
  );

/**
 * The text on the clipboard, read by the sandbox's /clipboard page in a background tab (the
 * active tab does not change).
 */
export async function readClipboard(h: ExtensionHarness, sandboxUrl: string): Promise<string> {
  const page = await openPage(h, `${new URL(sandboxUrl).origin}/clipboard`, { background: true });
  try {
    const pending = '\u0000pending'; // an empty clipboard reads as ''
    await page.$eval('#out', (el, p) => (el.textContent = p), pending);
    await page.click('#read');
    const text = await until(
      async () => page.$eval('#out', (el, p) => (el.textContent !== p ? { text: el.textContent ?? '' } : null), pending),
      'the clipboard page to read',
    ).then((r) => r.text);
    if (text.startsWith('ERROR: ')) throw new Error(`readClipboard: the page could not read the clipboard: ${text.slice(7)}`);
    return text;
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** Waits for a finished download named `name` (no `.part` left) and returns its bytes. */
export async function downloaded(h: ExtensionHarness, name: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Buffer> {
  const file = join(h.downloadDir, name);
  // Firefox makes the file empty at once, writes `<name>.part`, then moves it over.
  await until(() => existsSync(file) && !existsSync(`${file}.part`) && statSync(file).size > 0, `the download ${name}`, timeoutMs);
  return readFileSync(file);
}

/** Screenshot of `page` into `.output/screenshots/<name>.png`; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`) as `${string}.png`;
  await page.screenshot({ path });
  return path;
}

/** Fails the test when an extension page or the background page printed an error. */
function expectNoExtensionErrors(h: ExtensionHarness | undefined): void {
  expect(h?.extensionErrors() ?? []).toEqual([]);
}

/** The errors printed once the last test's late work has had time to print them. */
async function lateExtensionErrors(h: ExtensionHarness | undefined): Promise<string[]> {
  await sleep(300);
  return h?.extensionErrors() ?? [];
}

/**
 * The rule of every Firefox test file in one place: an error of an extension page or of the
 * background page fails the test that caused it, and one printed after the file's last test fails
 * the file. Closes the harness and whatever else is given once the file is done.
 * (`withExtension()` below applies this rule itself.)
 */
export function failOnExtensionErrors(
  harness: () => ExtensionHarness | undefined,
  ...alsoClose: (() => Promise<unknown> | undefined)[]
): void {
  afterEach(() => expectNoExtensionErrors(harness()));
  afterAll(async () => {
    const late = await lateExtensionErrors(harness());
    await harness()?.close();
    for (const close of alsoClose) await close();
    expect(late).toEqual([]);
  });
}

const firefox = extensionFixture<ExtensionHarness, LaunchOptions, () => string[]>({
  launch: (opts) => launchExtension(opts), // `language` sets only $LANGUAGE here
  configure: configureExtension,
  watch: (h) => () => h.extensionErrors(),
  // Not the harness's helper page (the tests' way to the extension's APIs).
  pages: async (h) => {
    const helper = await internal(h).helper?.catch(() => undefined);
    return (await h.browser.pages()).filter((p) => p !== helper);
  },
  afterEach: (ext) => expectNoExtensionErrors(ext.h),
  beforeClose: async (ext) => {
    const late = await lateExtensionErrors(ext.h);
    return () => expect(late).toEqual([]);
  },
});

/** Starts the sandbox and Firefox with the build, configured unless told not to; the caller closes it. */
export const openExtension = firefox.openExtension;
/**
 * The Firefox fixture of a test file (the same options as test/e2e/fixture.ts): the sandbox,
 * Firefox with the build, configured, closed afterwards; `errors()` is what the extension printed,
 * and an error fails the test that caused it (the rule of `failOnExtensionErrors`).
 */
export const withExtension = firefox.withExtension;
