/**
 * Helpers for the browser tests: the built extension (`.output/chrome-mv3`) loaded unpacked
 * into Debian's Chromium (/usr/bin/chromium, or $CHROMIUM_PATH) through playwright-core.
 *
 *   const h = await launchExtension();
 *   await configureExtension(h, { serviceUrl: sandbox.url, apiKey: sandbox.key });
 *   const popup = await openPopupFor(h, `${sandbox.url}/page/demo`);
 *   ...
 *   await h.close(); // always (afterEach/afterAll): closes Chromium, deletes the temp profile
 *
 * A test file does not repeat these steps: `withExtension()` (./fixture.ts) registers them as
 * hooks and closes everything afterwards.
 *
 * Everything here goes through DevTools (Playwright / CDP); nothing is added to the extension.
 *
 * The active-tab problem: a real popup is not a tab, and Playwright cannot attach to it
 * (chrome.action.openPopup() works, but the popup target is never given to Playwright).
 * popup.html opened as an ordinary tab asks `tabs.query({active: true, currentWindow: true})`
 * and would find itself. `openPopupFor` therefore activates the page's tab (CDP
 * Target.activateTarget) and creates popup.html as a *background* tab in the same window
 * (CDP Target.createTarget {background: true}): the page stays the active tab, so the popup
 * acts on it exactly as a real popup would. It then checks this from inside the popup.
 * (Headless Chromium puts a CDP-made tab in the last window opened; when the page is in
 * another window, the worker makes the popup tab there: chrome.tabs.create {windowId, active:
 * false}; CDP's window ids are chrome.windows ids.) One difference remains: no toolbar click,
 * so no activeTab grant: the popup sees the page's URL only on hosts the extension may access
 * anyway, i.e. loopback pages such as the sandbox's /page/:name; use those.
 * Headless Chromium renders background tabs and Playwright drives them normally; do not
 * call `popup.bringToFront()` (that makes the popup the active tab). `popup.reload()` keeps
 * it in the background and makes it read the active tab again.
 *
 * Service worker restarts: the worker's DevTools target survives a stop, so Playwright keeps
 * the same Worker object and is not told the worker stopped; an evaluate() on a stopped
 * worker waits (silently) until something else wakes it. `stopWorker` therefore follows
 * CDP's ServiceWorker.workerVersionUpdated, helpers refuse to use a worker they stopped,
 * and `waitForWorker` returns the Worker once CDP reports it running and it answers.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';
import type { Browser } from 'wxt/browser';

/** The extension APIs, as seen by code evaluated inside the worker or an extension page. */
declare const chrome: typeof Browser;

/** The repository root (this file is test/e2e/harness.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The Chrome build that `npm run build` writes ($E2E_EXTENSION_DIR: a copy, for parallel work). */
export const DEFAULT_EXTENSION_DIR = process.env.E2E_EXTENSION_DIR || join(REPO_ROOT, '.output/chrome-mv3');
/** Where `screenshot()` writes. */
export const SCREENSHOT_DIR = join(REPO_ROOT, '.output/screenshots');
/** Debian's Chromium (apt-get install -y chromium), unless $CHROMIUM_PATH says otherwise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const DEFAULT_TIMEOUT_MS = 15_000;

export interface ExtensionHarness {
  context: BrowserContext;
  /** The host of the worker's URL (chrome-extension://<id>/background.js). */
  extensionId: string;
  extensionDir: string;
  /** The extension's service worker. Replaced by `waitForWorker` / `wakeWorker`. */
  worker: Worker;
  /** The temporary Chromium profile; deleted by `close()`. */
  profileDir: string;
  /** `chrome-extension://<id>/<path>`. */
  url(path: string): string;
  /** Closes Chromium and deletes the profile. Idempotent; never throws. */
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Unpacked build to load; default `.output/chrome-mv3`. */
  extensionDir?: string;
  /** Default true (`--headless=new`, the full browser without a window). */
  headless?: boolean;
  /** Default viewport of new pages; default 1280x720 headless, the window's size when headful. */
  viewport?: { width: number; height: number } | null;
  /** Extra Chromium arguments. */
  args?: string[];
  /** Time for Chromium to start and the worker to appear; default 30 s. */
  timeoutMs?: number;
}

export interface Connection {
  serviceUrl: string;
  apiKey: string;
}

interface Internal {
  /** Set by stopWorker, cleared by waitForWorker: the worker must not be evaluated meanwhile. */
  workerStopped: boolean;
  browserSession?: Promise<CDPSession>;
  clipboardOrigins: Set<string>;
}
const internals = new WeakMap<ExtensionHarness, Internal>();
const internal = (h: ExtensionHarness): Internal => {
  const i = internals.get(h);
  if (!i) throw new Error('Not a harness made by launchExtension().');
  return i;
};

/** Profiles not yet deleted, removed at exit even if a test forgot `close()`. */
const liveProfiles = new Set<string>();
process.once('exit', () => {
  for (const dir of liveProfiles) rmSync(dir, { recursive: true, force: true });
});

/** Rejects with `message` when `promise` takes longer than `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${message} (timed out after ${ms} ms)`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The ceiling for an outcome a browser test waits for (a slow machine is slow, not red): a test
 * waits for the event or the state, never a fixed short time; this only stops a test that would
 * otherwise wait for ever. Half the browser projects' test timeout (120 s).
 */
export const OUTCOME_MS = 60_000;

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value; fails naming `what` after `timeoutMs`. */
export async function until<T>(fn: () => T | Promise<T>, what: string, timeoutMs = OUTCOME_MS, stepMs = 50): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`${what}: not reached within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
    await sleep(stepMs);
  }
}

/**
 * Starts Chromium with a fresh temporary profile and the unpacked extension, and waits for
 * its service worker. Fails clearly when Chromium or the build is missing.
 */
export async function launchExtension(opts: LaunchOptions = {}): Promise<ExtensionHarness> {
  const extensionDir = resolve(opts.extensionDir ?? DEFAULT_EXTENSION_DIR);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const headless = opts.headless ?? true;
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No extension build at ${extensionDir} (manifest.json missing): run \`npm run build\` first.`);
  }

  const profileDir = mkdtempSync(join(tmpdir(), 'linkshort-e2e-'));
  liveProfiles.add(profileDir);
  const removeProfile = async () => {
    await rm(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => undefined);
    liveProfiles.delete(profileDir);
  };

  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      headless: false, // the flag below selects the new headless mode (the full browser)
      timeout: timeoutMs,
      ...(opts.viewport !== undefined ? { viewport: opts.viewport } : headless ? {} : { viewport: null }),
      args: [
        ...(headless ? ['--headless=new'] : []),
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        ...(opts.args ?? []),
      ],
    });
  } catch (err) {
    await removeProfile();
    throw new Error(`Chromium (${CHROMIUM_PATH}) did not start: ${err instanceof Error ? err.message : String(err)}`);
  }

  let closed: Promise<void> | undefined;
  const closeAll = (): Promise<void> =>
    (closed ??= (async () => {
      await withTimeout(context.close(), 20_000, 'Chromium did not close').catch((err: unknown) => {
        console.warn(`[harness] ${err instanceof Error ? err.message : String(err)}`);
      });
      await removeProfile();
    })());

  try {
    const isOurs = (w: Worker) => w.url().startsWith('chrome-extension://');
    const worker =
      context.serviceWorkers().find(isOurs) ??
      (await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: timeoutMs }).catch(() => {
        throw new Error(
          `The extension's service worker did not start within ${timeoutMs} ms: is ${extensionDir} a valid build (npm run build)?`,
        );
      }));
    const extensionId = new URL(worker.url()).host;
    const h: ExtensionHarness = {
      context,
      extensionId,
      extensionDir,
      worker,
      profileDir,
      url: (path) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`,
      close: closeAll,
    };
    internals.set(h, { workerStopped: false, clipboardOrigins: new Set() });
    return h;
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/**
 * Evaluates `fn(arg)` in the worker, with a timeout and a clear error when the worker was
 * stopped. For tests that need to look at the extension's state from inside.
 */
export async function evalInWorker<R, A>(
  h: ExtensionHarness,
  fn: (arg: A) => R | Promise<R>,
  arg: A,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<R> {
  if (internal(h).workerStopped) {
    throw new Error('The worker was stopped (stopWorker): wake it (an extension event or wakeWorker) and call waitForWorker(h) first.');
  }
  return withTimeout(
    h.worker.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown),
    timeoutMs,
    'The worker did not answer (stopped by Chromium? use waitForWorker(h))',
  );
}

/** Runs the listeners registered on `chrome.<path>` with `args`, in the worker (as the browser would fire the event). */
export async function dispatch(h: ExtensionHarness, path: string, args: unknown[]): Promise<void> {
  await evalInWorker(
    h,
    ({ p, a }) => {
      const [ns, name] = p.split('.') as [string, string];
      const event = (chrome as unknown as Record<string, Record<string, { hasListeners(): boolean; dispatch(...x: unknown[]): void }>>)[
        ns
      ]?.[name];
      if (!event?.hasListeners()) throw new Error(`No listener on chrome.${p}`);
      event.dispatch(...a);
    },
    { p: path, a: args },
  );
}

/** Points the extension at a service: writes `connection` into chrome.storage.local. */
export async function configureExtension(h: ExtensionHarness, conn: Connection): Promise<void> {
  const connection = { serviceUrl: conn.serviceUrl.replace(/\/+$/, ''), apiKey: conn.apiKey };
  const back = await evalInWorker(
    h,
    async (c) => {
      await chrome.storage.local.set({ connection: c });
      return (await chrome.storage.local.get('connection')).connection as unknown;
    },
    connection,
  );
  const stored = back as Partial<Connection> | undefined;
  if (stored?.serviceUrl !== connection.serviceUrl || stored?.apiKey !== connection.apiKey) {
    throw new Error(`configureExtension: storage holds ${JSON.stringify(back)} after writing ${JSON.stringify(connection)}`);
  }
}

/** Reads one key of chrome.storage.local (undefined when absent), through the worker. */
export async function readStorage<T = unknown>(h: ExtensionHarness, key: string): Promise<T | undefined> {
  return (await evalInWorker(h, async (k) => (await chrome.storage.local.get(k))[k] as unknown, key)) as T | undefined;
}

/** A browser-level CDP session (tabs, targets), one per harness. */
function browserSession(h: ExtensionHarness): Promise<CDPSession> {
  const i = internal(h);
  return (i.browserSession ??= (async () => {
    const browser = h.context.browser();
    if (!browser) throw new Error('No browser-level CDP session available for this context.');
    return browser.newBrowserCDPSession();
  })());
}

const targetIds = new WeakMap<Page, string>();
/** The DevTools target id of a page (it never changes for a tab). */
async function targetIdOf(h: ExtensionHarness, page: Page): Promise<string> {
  const known = targetIds.get(page);
  if (known) return known;
  const s = await h.context.newCDPSession(page);
  try {
    const { targetInfo } = (await s.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } };
    targetIds.set(page, targetInfo.targetId);
    return targetInfo.targetId;
  } finally {
    await s.detach().catch(() => undefined);
  }
}

/** The window (chrome.windows id: CDP's browser window ids are the same numbers) of a page. */
export async function windowIdOf(h: ExtensionHarness, page: Page): Promise<number> {
  const cdp = await browserSession(h);
  const { windowId } = (await cdp.send('Browser.getWindowForTarget', { targetId: await targetIdOf(h, page) })) as { windowId: number };
  return windowId;
}

/** Polls the context's new pages (not in `known`) until `match` accepts one. */
async function findNewPage(
  h: ExtensionHarness,
  known: Set<Page>,
  match: (p: Page) => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const p of h.context.pages()) {
      if (known.has(p) || p.isClosed()) continue;
      if (await match(p).catch(() => false)) return p;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not appear within ${timeoutMs} ms.`);
    await sleep(50);
  }
}

export interface BackgroundPageOptions {
  /** The window to open it in (default: the window Chromium picks, the last one opened). */
  windowId?: number;
  timeoutMs?: number;
}

/**
 * Opens `url` in a new tab *without* activating it and returns its Playwright Page once
 * loaded. CDP (Target.createTarget {background}) when the tab lands in the wanted window;
 * otherwise, as headless Chromium always uses the last window opened, the worker creates
 * the tab in that window (chrome.tabs.create {active: false}), which needs a running worker.
 */
export async function openBackgroundPage(h: ExtensionHarness, url: string, opts: BackgroundPageOptions = {}): Promise<Page> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1000, deadline - Date.now());
  const cdp = await browserSession(h);
  const known = new Set(h.context.pages());
  const { targetId } = (await cdp.send('Target.createTarget', { url: 'about:blank', background: true })) as { targetId: string };
  const blank = await findNewPage(h, known, async (p) => (await targetIdOf(h, p)) === targetId, left(), `The background tab for ${url}`);
  known.add(blank);
  if (opts.windowId !== undefined && (await windowIdOf(h, blank)) !== opts.windowId) {
    await blank.close().catch(() => undefined);
    if (internal(h).workerStopped) {
      throw new Error(
        'A background tab in a window other than the last one opened needs the worker, which is stopped: ' +
          'call waitForWorker(h) / wakeWorker(h) first, or keep the page in the last window.',
      );
    }
    await evalInWorker(
      h,
      async ({ windowId, url: u }) => {
        await chrome.tabs.create({ windowId, url: u, active: false });
      },
      { windowId: opts.windowId, url },
    );
    const made = await findNewPage(h, known, async (p) => p.url() === url, left(), `The background tab for ${url} (made by the worker)`);
    await made.waitForLoadState('load', { timeout: left() });
    return made;
  }
  await blank.goto(url, { waitUntil: 'load', timeout: left() });
  return blank;
}

export interface PopupOptions {
  /** Popup-sized by default (420x600; Chrome's popups are at most 800x600). null = context default. */
  viewport?: { width: number; height: number } | null;
  timeoutMs?: number;
  /** The extension page to open as the popup (popup.html; the bench's reference popup is another). */
  page?: string;
}

/**
 * A Page showing popup.html while the tab of `target` (a URL to open in a new tab, or a Page
 * already open) is the active tab of its window, as when the user clicks the toolbar button.
 * The popup is a background tab in the page's window (see the top of this file). Throws when,
 * seen from the popup, the active tab is not the page.
 */
export async function openPopupFor(h: ExtensionHarness, target: string | Page, opts: PopupOptions = {}): Promise<Page> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let page: Page;
  if (typeof target === 'string') {
    page = await h.context.newPage();
    await page.goto(target, { waitUntil: 'load', timeout: timeoutMs });
  } else {
    page = target;
  }
  const cdp = await browserSession(h);
  await cdp.send('Target.activateTarget', { targetId: await targetIdOf(h, page) }); // the active tab of its window
  const popup = await openBackgroundPage(h, h.url(opts.page ?? 'popup.html'), { windowId: await windowIdOf(h, page), timeoutMs });
  if (opts.viewport !== null) await popup.setViewportSize(opts.viewport ?? { width: 420, height: 600 });

  const seen = await popup.evaluate(async () => {
    const me = await chrome.tabs.getCurrent();
    const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
    return { me: me?.id ?? null, activeId: active?.id ?? null, activeUrl: active?.url ?? null };
  });
  if (seen.activeId === null || seen.activeId === seen.me) {
    await popup.close().catch(() => undefined);
    throw new Error('openPopupFor: the popup tab became the active tab; it would act on itself.');
  }
  // The URL is visible to the extension only on hosts it may access (loopback) or with activeTab.
  if (seen.activeUrl !== null && seen.activeUrl !== page.url()) {
    await popup.close().catch(() => undefined);
    throw new Error(`openPopupFor: the active tab is ${seen.activeUrl}, not ${page.url()}.`);
  }
  return popup;
}

/** Opens options.html in a new tab. Throws when the build has no options page. */
export async function openOptions(h: ExtensionHarness, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Page> {
  if (!existsSync(join(h.extensionDir, 'options.html'))) {
    throw new Error(`The build has no options.html (${h.extensionDir}): is entrypoints/options missing?`);
  }
  const page = await h.context.newPage();
  await page.goto(h.url('options.html'), { waitUntil: 'load', timeout: timeoutMs });
  return page;
}

/** What CDP said last about the extension's worker versions. */
interface WorkerMonitor {
  /** 'running' when a version runs, 'stopped' when none is starting/running/stopping. */
  state(): 'running' | 'starting' | 'stopped' | 'unknown';
  runningVersionId(): string | undefined;
  waitFor(want: 'running' | 'stopped', timeoutMs: number): Promise<void>;
  /** Resolves once CDP has reported the extension's worker at least once (or after `timeoutMs`). */
  reported(timeoutMs: number): Promise<void>;
  session: CDPSession;
  dispose(): Promise<void>;
}

interface SwVersion {
  versionId: string;
  scriptURL: string;
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
  status: string;
}

/** Follows the worker through a page-level CDP session (ServiceWorker domain). */
async function monitorWorker(h: ExtensionHarness): Promise<WorkerMonitor> {
  let host = h.context.pages().find((p) => !p.isClosed());
  let ownHost = false;
  if (!host) {
    host = await openBackgroundPage(h, 'about:blank');
    ownHost = true;
  }
  const session = await h.context.newCDPSession(host);
  const prefix = `chrome-extension://${h.extensionId}/`;
  const versions = new Map<string, SwVersion>();
  let seen = false;
  const listeners = new Set<() => void>();
  session.on('ServiceWorker.workerVersionUpdated', (e: { versions: SwVersion[] }) => {
    for (const v of e.versions) {
      if (!v.scriptURL.startsWith(prefix)) continue;
      seen = true;
      if (v.status === 'redundant') versions.delete(v.versionId);
      else versions.set(v.versionId, v);
    }
    for (const l of listeners) l();
  });
  await session.send('ServiceWorker.enable'); // reports the current versions at once
  const state = (): ReturnType<WorkerMonitor['state']> => {
    if (!seen) return 'unknown';
    const s = [...versions.values()].map((v) => v.runningStatus);
    if (s.includes('running')) return 'running';
    if (s.includes('starting')) return 'starting';
    if (s.includes('stopping')) return 'starting'; // in transition
    return 'stopped';
  };
  return {
    session,
    state,
    runningVersionId: () => [...versions.values()].find((v) => v.runningStatus === 'running')?.versionId,
    reported: async (timeoutMs) => {
      for (const end = Date.now() + timeoutMs; !seen && Date.now() < end;) await sleep(20);
    },
    waitFor: (want, timeoutMs) =>
      withTimeout(
        new Promise<void>((resolveWait) => {
          const check = () => {
            if (state() === want) {
              listeners.delete(check);
              resolveWait();
            }
          };
          listeners.add(check);
          check();
        }),
        timeoutMs,
        `CDP did not report the worker ${want} (last: ${state()})`,
      ),
    dispose: async () => {
      listeners.clear();
      await session.send('ServiceWorker.disable').catch(() => undefined);
      await session.detach().catch(() => undefined);
      if (ownHost) await host.close().catch(() => undefined);
    },
  };
}

/**
 * Stops the extension's service worker (as Chromium does when it is idle) and returns when
 * CDP reports it stopped. Until `waitForWorker`, `h.worker` must not be used.
 */
export async function stopWorker(h: ExtensionHarness, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  const m = await monitorWorker(h);
  try {
    await m.reported(2000);
    const versionId = m.runningVersionId();
    internal(h).workerStopped = true;
    if (versionId !== undefined) await m.session.send('ServiceWorker.stopWorker', { versionId });
    else await m.session.send('ServiceWorker.stopAllWorkers');
    await m.waitFor('stopped', timeoutMs);
  } finally {
    await m.dispose();
  }
}

/**
 * Waits until the worker runs again (woken by an event: a message from a page, an alarm,
 * a menu click...) and answers; sets and returns `h.worker`.
 */
export async function waitForWorker(h: ExtensionHarness, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Worker> {
  const deadline = Date.now() + timeoutMs;
  const m = await monitorWorker(h);
  try {
    await m.waitFor('running', timeoutMs);
  } finally {
    await m.dispose();
  }
  const isOurs = (w: Worker) => w.url().startsWith(`chrome-extension://${h.extensionId}/`);
  const left = () => Math.max(1000, deadline - Date.now());
  // Playwright usually keeps the same Worker object (the DevTools target survives the stop).
  const worker =
    h.context.serviceWorkers().filter(isOurs).at(-1) ??
    (await h.context.waitForEvent('serviceworker', { predicate: isOurs, timeout: left() }));
  await withTimeout(
    worker.evaluate(() => 1),
    left(),
    'The restarted worker did not answer',
  );
  h.worker = worker;
  internal(h).workerStopped = false;
  return worker;
}

/** Starts the stopped worker without any extension event (CDP ServiceWorker.startWorker). */
export async function wakeWorker(h: ExtensionHarness, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Worker> {
  const m = await monitorWorker(h);
  try {
    await m.session.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${h.extensionId}/` });
  } finally {
    await m.dispose();
  }
  return waitForWorker(h, timeoutMs);
}

/**
 * The text on the clipboard, read by the sandbox's /clipboard page (clipboard permissions
 * cannot be granted to chrome-extension:// pages). The reader is a background tab, so the
 * active tab does not change.
 */
export async function readClipboard(h: ExtensionHarness, sandboxUrl: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string> {
  const origin = new URL(sandboxUrl).origin;
  const i = internal(h);
  if (!i.clipboardOrigins.has(origin)) {
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    i.clipboardOrigins.add(origin);
  }
  const page = await openBackgroundPage(h, `${origin}/clipboard`, { timeoutMs });
  try {
    const pending = '\u0000pending';
    await page.locator('#out').evaluate((el, p) => {
      el.textContent = p;
    }, pending);
    await page.click('#read', { timeout: timeoutMs });
    await page.waitForFunction((p) => document.getElementById('out')?.textContent !== p, pending, { timeout: timeoutMs });
    const text = (await page.locator('#out').textContent()) ?? '';
    if (text.startsWith('ERROR: ')) throw new Error(`readClipboard: the page could not read the clipboard: ${text.slice(7)}`);
    return text;
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** Screenshot of `page` (the viewport, or `fullPage`) into `.output/screenshots/<name>.png`; returns the path. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: opts.fullPage ?? false, timeout: DEFAULT_TIMEOUT_MS });
  return path;
}

export interface ErrorLog {
  /** `<where>: <message>` lines, in order. */
  readonly entries: { url: string; message: string }[];
  /** The messages of pages whose URL contains `urlPart`. */
  of(urlPart: string): string[];
  stop(): void;
}

/** Loopback hosts: the only ones a test may depend on (CI machines may have no internet). */
const isLoopback = (url: string): boolean => {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * Collects uncaught errors (`pageerror`) and console errors of every page of the context,
 * including pages opened later, from their first load on. Call it before opening pages:
 *   const errors = collectErrors(h); ...; expect(errors.of('popup.html')).toEqual([]);
 * Failed loads of non-loopback resources (an avatar on the internet...) are not errors of
 * the extension and are left out unless `keepExternalLoadFailures`.
 */
export function collectErrors(h: ExtensionHarness, opts: { keepExternalLoadFailures?: boolean } = {}): ErrorLog {
  const entries: { url: string; message: string }[] = [];
  const attached = new Set<Page>();
  const attach = (page: Page) => {
    if (attached.has(page)) return;
    attached.add(page);
    page.on('pageerror', (err) => entries.push({ url: page.url(), message: `pageerror: ${err.message}` }));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      if (!text.startsWith('Failed to load resource')) {
        entries.push({ url: page.url(), message: `console.error: ${text}` });
        return;
      }
      // A failed resource load names the resource only in the location.
      const resource = msg.location().url;
      if (!opts.keepExternalLoadFailures && /^https?:/.test(resource) && !isLoopback(resource)) return;
      entries.push({ url: page.url(), message: `console.error: ${text} (${resource})` });
    });
  };
  h.context.pages().forEach(attach);
  h.context.on('page', attach);
  return {
    entries,
    of: (urlPart) => entries.filter((e) => e.url.includes(urlPart)).map((e) => e.message),
    stop: () => h.context.off('page', attach),
  };
}

/** The built manifest (parsed), for permission checks. */
export function readBuiltManifest(extensionDir = DEFAULT_EXTENSION_DIR): Record<string, unknown> {
  const file = join(extensionDir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`No extension build at ${extensionDir}: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}
