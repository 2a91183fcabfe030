/**
 * Builds the bench's reference popup (test/bench/reference/main.tsx) with esbuild into one
 * minified bundle, and puts it beside a copy of the built extension as reference.html, so that
 * it reads the same storage as the project's popup in the same browser.
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../e2e/harness';

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="color-scheme" content="light dark" />
    <title>LinkShort</title>
    <style>body{font:14px system-ui,sans-serif;margin:0;width:360px}main{padding:12px}label,input,select,button{display:block;width:100%;margin:4px 0}</style>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/reference.js"></script>
  </body>
</html>
`;

/** A copy of `extensionDir` with reference.html + reference.js; returns its path and the bundle's size. */
export async function withReferencePopup(extensionDir: string): Promise<{ dir: string; jsBytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'linkshort-bench-'));
  cpSync(extensionDir, dir, { recursive: true });
  const out = await build({
    entryPoints: [join(REPO_ROOT, 'test/bench/reference/main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'chrome116',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'error',
  });
  const js = out.outputFiles[0]!.contents;
  writeFileSync(join(dir, 'reference.js'), js);
  writeFileSync(join(dir, 'reference.html'), HTML);
  return { dir, jsBytes: js.length };
}
