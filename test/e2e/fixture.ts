/**
 * One fixture for a browser test file. Called in a describe (or at the top of a file),
 * `withExtension()` registers the hooks that start the sandbox, launch the browser with the
 * build, point the extension at the sandbox and, afterwards, close all of it (browser,
 * profile, sandbox), also when a hook failed halfway:
 *
 *   const ext = withExtension({ sandbox: { plan: 'pro' }, launch: { args: ['--lang=de'] } });
 *   it('…', async () => { const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/x`); … });
 *
 * `openExtension()` does the same once, for a test that launches its own browser (it must
 * call `close()`). The Chromium binding is below; Firefox's is in test/e2e-firefox/harness.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import {
  collectErrors,
  configureExtension,
  launchExtension,
  type Connection,
  type ErrorLog,
  type ExtensionHarness,
  type LaunchOptions,
} from './harness';

export interface ExtensionSetup<L> {
  /** The sandbox's options (default: the demo sandbox); `false`: no sandbox, the file starts its own. */
  sandbox?: SandboxOptions | false;
  /** Runs once the sandbox started, before the browser launches (to seed its data). */
  beforeLaunch?: (sb: Sandbox) => void | Promise<void>;
  /** The launch options, or a function giving them when the hook runs (e.g. a build an earlier hook made). */
  launch?: L | (() => L);
  /** The browser's language: $LANGUAGE while it runs (restored afterwards), and Chromium's `--lang`. */
  language?: string;
  /** Points the extension at the sandbox; default true (nothing to point at without a sandbox). */
  configure?: boolean;
}

/** What a test uses: the harness, the sandbox, the errors the pages reported. */
export interface Extension<H, E> {
  readonly h: H;
  readonly sb: Sandbox;
  readonly errors: E;
}

/** An extension opened by `openExtension()`; `close()` closes the browser, the profile and the sandbox. */
export interface OpenedExtension<H, E> extends Extension<H, E> {
  close(): Promise<void>;
}

/** What differs between the browsers. */
export interface BrowserDriver<H, L, E> {
  launch(opts: L | undefined, language: string | undefined): Promise<H>;
  configure(h: H, conn: Connection): Promise<void>;
  /** Starts watching the pages for errors, right after the launch. */
  watch(h: H): E;
  /** Checked after each test of a `withExtension()` file. */
  afterEach?(ext: Extension<H, E>): void;
  /** Runs before the closing; the check it returns runs after it. */
  beforeClose?(ext: Extension<H, E>): Promise<() => void>;
  /** The pages (tabs) open now: those a failed test opened are closed after it. */
  pages?(h: H): Promise<Closable[]>;
}

/** A page the fixture may close. */
export interface Closable {
  close(): Promise<unknown>;
}

/** Builds `openExtension()` and `withExtension()` for one browser. */
export function extensionFixture<H extends { close(): Promise<void> }, L, E>(driver: BrowserDriver<H, L, E>) {
  async function openExtension(setup: ExtensionSetup<L> = {}): Promise<OpenedExtension<H, E>> {
    const savedLanguage = process.env.LANGUAGE;
    let sb: Sandbox | undefined;
    let h: H | undefined;
    let closed: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closed ??= (async () => {
        try {
          await h?.close(); // never throws
          await sb?.close();
        } finally {
          if (setup.language !== undefined) {
            if (savedLanguage === undefined) delete process.env.LANGUAGE;
            else process.env.LANGUAGE = savedLanguage;
          }
        }
      })());
    try {
      if (setup.language !== undefined) process.env.LANGUAGE = setup.language;
      if (setup.sandbox !== false) sb = await startSandbox(setup.sandbox ?? {});
      if (sb && setup.beforeLaunch) await setup.beforeLaunch(sb);
      const opts = typeof setup.launch === 'function' ? (setup.launch as () => L)() : setup.launch;
      h = await driver.launch(opts, setup.language);
      const errors = driver.watch(h);
      if (sb && setup.configure !== false) await driver.configure(h, { serviceUrl: sb.url, apiKey: sb.key });
      const harness = h;
      const sandbox = sb;
      return {
        h: harness,
        get sb(): Sandbox {
          if (!sandbox) throw new Error('This extension was opened without a sandbox (sandbox: false).');
          return sandbox;
        },
        errors,
        close,
      };
    } catch (err) {
      await close().catch(() => undefined);
      throw err;
    }
  }

  function withExtension(setup: ExtensionSetup<L> = {}): Extension<H, E> {
    let opened: OpenedExtension<H, E> | undefined;
    beforeAll(async () => {
      opened = await openExtension(setup);
    });
    if (driver.pages) {
      // A test that fails halfway leaves its pages open (a popup still following the queue, a
      // page it opened): the next tests would run beside them. Closed once it has failed.
      const pagesOf = driver.pages;
      beforeEach(async (ctx) => {
        const h = opened?.h;
        if (!h) return;
        const before = new Set(await pagesOf(h));
        ctx.onTestFailed(async () => {
          if (opened?.h !== h) return;
          for (const page of await pagesOf(h).catch(() => [])) if (!before.has(page)) await page.close().catch(() => undefined);
        });
      });
    }
    if (driver.afterEach) {
      const check = driver.afterEach;
      afterEach(() => {
        if (opened) check(opened);
      });
    }
    afterAll(async () => {
      const ext = opened;
      opened = undefined;
      if (!ext) return; // openExtension closed what it had opened before it failed
      let check: (() => void) | undefined;
      try {
        check = await driver.beforeClose?.(ext);
      } finally {
        await ext.close();
      }
      check?.();
    });
    const need = (): OpenedExtension<H, E> => {
      if (!opened)
        throw new Error('withExtension: the browser is not running (its beforeAll failed, has not run yet, or the file is done).');
      return opened;
    };
    return {
      get h() {
        return need().h;
      },
      get sb() {
        return need().sb;
      },
      get errors() {
        return need().errors;
      },
    };
  }

  return { openExtension, withExtension };
}

const chromium = extensionFixture<ExtensionHarness, LaunchOptions, ErrorLog>({
  launch: (opts = {}, language) =>
    launchExtension(language === undefined ? opts : { ...opts, args: [...(opts.args ?? []), `--lang=${language}`] }),
  configure: configureExtension,
  watch: (h) => collectErrors(h),
  // Not the offscreen document (the worker's clipboard), should Playwright list it.
  pages: async (h) => h.context.pages().filter((p) => !p.url().includes('/offscreen')),
});

/** Starts the sandbox and Chromium with the build, configured unless told not to; the caller closes it. */
export const openExtension = chromium.openExtension;
/** Registers the hooks that open the extension in Chromium before the describe's tests and close it after them. */
export const withExtension = chromium.withExtension;

/** A temporary folder for the describe's tests (downloads saved by a test), removed after them. */
export function withTempDir(prefix: string): { readonly path: string } {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    get path() {
      if (!dir) throw new Error('withTempDir: the folder exists only while the describe runs.');
      return dir;
    },
  };
}
