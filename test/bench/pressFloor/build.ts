/**
 * Builds the press floor (worker.ts, popup.ts: the smallest MV3 extension that makes a short
 * link from a popup and copies it) with esbuild into a temporary directory.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../e2e/harness';

const MANIFEST = {
  manifest_version: 3,
  name: 'LinkShort bench press floor',
  version: '0.0.1',
  background: { service_worker: 'background.js', type: 'module' },
  action: { default_popup: 'popup.html' },
  permissions: ['storage', 'clipboardWrite'],
  host_permissions: ['http://127.0.0.1/*'],
};

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Press floor</title>
    <script type="module" src="/popup.js"></script>
  </head>
  <body></body>
</html>
`;

/** The press floor in a new temporary directory; returns its path. */
export async function buildPressFloor(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'linkshort-press-floor-'));
  const src = join(REPO_ROOT, 'test/bench/pressFloor');
  await build({
    entryPoints: { background: join(src, 'worker.ts'), popup: join(src, 'popup.ts') },
    outdir: dir,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'chrome116',
    logLevel: 'error',
  });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(MANIFEST, null, 2)}\n`);
  writeFileSync(join(dir, 'popup.html'), HTML);
  return dir;
}
