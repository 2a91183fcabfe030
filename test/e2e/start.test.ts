/**
 * `npm start` works: scripts/start.ts --smoke builds, starts the sandbox and Chromium,
 * configures the extension, checks it (options page "Connected"), cleans up and exits 0.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './harness';

const TIMEOUT_MS = 110_000;

/** Runs a command; kills its whole process group if it outlives the timeout. */
function run(
  cmd: string,
  args: string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // own process group: a timeout kills tsx, node and Chromium together
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

it(
  'npm start --smoke builds, configures the extension against the sandbox and exits 0',
  async () => {
    // Built as a user's `npm start` builds (no NODE_ENV from the test runner), into a folder of its
    // own: the other browser tests keep loading the test build in .output.
    const out = mkdtempSync(join(tmpdir(), 'linkshort-start-'));
    const { NODE_ENV: _runner, ...env } = process.env;
    const { code, output, timedOut } = await run(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts', '--smoke'], TIMEOUT_MS, {
      ...env,
      CI: 'true',
      LINKSHORT_OUT_DIR: out,
      E2E_EXTENSION_DIR: join(out, 'chrome-mv3'),
    }).finally(() => rmSync(out, { recursive: true, force: true }));
    const shown = `\n--- output of scripts/start.ts --smoke ---\n${output}`;
    expect(timedOut, `timed out after ${TIMEOUT_MS} ms${shown}`).toBe(false);
    expect(code, `exit code${shown}`).toBe(0);
    expect(output).toMatch(/^Sandbox: http:\/\/127\.0\.0\.1:\d+$/m);
    expect(output).toMatch(/^API key: \S+$/m);
    expect(output).toMatch(/^Smoke check passed$/m);
    // Its temporary Chromium profile is gone.
    const profile = /profile (\S+)$/m.exec(output)?.[1];
    expect(profile, `profile dir not printed${shown}`).toBeDefined();
    expect(existsSync(profile!), `${profile} left behind`).toBe(false);
  },
  TIMEOUT_MS + 10_000,
);
