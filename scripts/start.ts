/**
 * `npm start`: the demo. Builds the extension, starts the sandbox with the demo account,
 * launches Chromium with the extension already pointed at the sandbox, and opens a test page
 * and the options page. Runs until Ctrl+C (SIGINT/SIGTERM) or until the browser is closed.
 *
 *   npm start [-- --no-build] [--port N] [--plan free|pro] [--smoke]
 *
 * --smoke (also when CI=true): headless; checks that the extension is configured (the options
 * page shows "Connected", or the stored connection when there is no options page), then exits
 * 0 (1 on failure). test/e2e/start.test.ts uses it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type Sandbox } from '../test/sandbox/server';
import { REPO_ROOT, configureExtension, launchExtension, openOptions, readStorage, type ExtensionHarness } from '../test/e2e/harness';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    smoke: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    plan: { type: 'string', default: 'pro' },
  },
  strict: true,
});
const smoke = values.smoke || process.env.CI === 'true';
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a port number (0: any free port)');
if (values.plan !== 'free' && values.plan !== 'pro') fail('--plan must be free or pro');
const plan = values.plan as 'free' | 'pro';

let sandbox: Sandbox | undefined;
let harness: ExtensionHarness | undefined;
let stopping: Promise<void> | undefined;

function fail(message: string): never {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

/** Closes Chromium (and deletes its profile) and the sandbox; once. */
function cleanUp(): Promise<void> {
  return (stopping ??= (async () => {
    await harness?.close();
    await sandbox?.close().catch(() => undefined);
  })());
}

async function stopAndExit(code: number): Promise<never> {
  await cleanUp();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) console.log(`\n${signal}: stopping...`);
    void stopAndExit(0);
  });
}

async function main(): Promise<void> {
  if (!values['no-build']) {
    console.log('Building the extension (npx wxt build)...');
    const build = spawnSync('npx', ['wxt', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) fail(`the build failed (exit ${build.status ?? build.signal})`);
  }

  sandbox = await startSandbox({ port, plan });
  console.log(`Sandbox started: ${sandbox.url}`);

  const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  const headless = smoke || !hasDisplay;
  if (smoke) console.log('Smoke mode: running Chromium headless');
  else if (!hasDisplay) console.log('No display found: running Chromium headless');
  harness = await launchExtension({ headless });
  const h = harness;
  console.log(`Chromium started with the extension (id ${h.extensionId}), profile ${h.profileDir}`);

  await configureExtension(h, { serviceUrl: sandbox.url, apiKey: sandbox.key });
  console.log('Extension configured for the sandbox');

  // The demo page in the first tab, the options page in a second one.
  const demo = h.context.pages()[0] ?? (await h.context.newPage());
  await demo.goto(`${sandbox.url}/page/demo`);
  const hasOptions = existsSync(join(h.extensionDir, 'options.html'));
  const options = hasOptions ? await openOptions(h) : undefined;

  if (smoke) {
    if (options) {
      // The options page asks the worker, which verifies the key against the sandbox.
      await options
        .getByRole('status')
        .filter({ hasText: 'Connected' })
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => fail('the options page did not show "Connected" within 20 s'));
      console.log('Smoke check: the options page shows "Connected"');
    } else {
      const stored = await readStorage<{ serviceUrl?: string }>(h, 'connection');
      if (stored?.serviceUrl !== sandbox.url) fail(`the stored connection is ${JSON.stringify(stored)}`);
      console.log('Smoke check: the connection is stored (no options page in this build)');
    }
    console.log(`Sandbox: ${sandbox.url}`);
    console.log(`API key: ${sandbox.key}`);
    console.log('Smoke check passed');
    await stopAndExit(0);
  }

  await demo.bringToFront(); // the toolbar button then acts on the demo page
  h.context.on('close', () => {
    if (stopping) return;
    console.log('Chromium was closed: stopping...');
    void stopAndExit(0);
  });
  console.log('');
  console.log(`Sandbox: ${sandbox.url}`);
  console.log(`API key: ${sandbox.key} (demo account, ${plan} plan)`);
  console.log(
    `Open:    ${sandbox.url}/page/demo (a page with links to shorten)${hasOptions ? '; the options page is the second tab' : ''}`,
  );
  console.log('Use the toolbar button (puzzle icon → LinkShort), the context menu on a link, or Alt+Shift+S.');
  console.log('Press Ctrl+C to stop');
}

main().catch(async (err: unknown) => {
  console.error(`npm start: ${err instanceof Error ? err.message : String(err)}`);
  await cleanUp();
  process.exit(1);
});
