/**
 * Builds the floor extension (test/bench/floor: the smallest MV3 extension that does the
 * popup's and the options page's list jobs) with esbuild into a temporary directory: its own
 * manifest (a module service worker, storage, host access to 127.0.0.1 only, http and https for
 * the sandbox over HTTP/2), popup.html and
 * options.html, one minified bundle each (the popup's Recent links a chunk of their own).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../e2e/harness';

const MANIFEST = {
  manifest_version: 3,
  name: 'LinkShort bench floor',
  version: '0.0.1',
  background: { service_worker: 'background.js', type: 'module' },
  action: { default_popup: 'popup.html' },
  options_page: 'options.html',
  permissions: ['storage'],
  host_permissions: ['http://127.0.0.1/*', 'https://127.0.0.1/*'],
};

const html = (script: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Floor</title>
    <script type="module" src="/${script}.js"></script>
  </head>
  <body></body>
</html>
`;

/** The floor extension in a new temporary directory; returns its path. */
export async function buildFloorExtension(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'linkshort-floor-'));
  const src = join(REPO_ROOT, 'test/bench/floor');
  const common = { outdir: dir, bundle: true, minify: true, format: 'esm', target: 'chrome116', logLevel: 'error' } as const;
  await build({ ...common, entryPoints: { background: join(src, 'worker.ts'), options: join(src, 'options.ts') } });
  // The popup alone, split: its Recent links are a chunk loaded after the first render (recent.ts).
  await build({ ...common, entryPoints: { popup: join(src, 'popup.ts') }, splitting: true, chunkNames: 'chunks/[name]-[hash]' });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(MANIFEST, null, 2)}\n`);
  writeFileSync(join(dir, 'popup.html'), html('popup'));
  writeFileSync(join(dir, 'options.html'), html('options'));
  return dir;
}
