/**
 * Sizes of the build: the gzip bytes of the JavaScript popup.html loads before it is usable
 * (its module script and modulepreload links, checked against the static import graph), and
 * of every .js/.css/.html file of the build. Each file is gzipped on its own with zlib's
 * default level (6), as a server or store would send it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SizeReport {
  /** Files popup.html loads before it is usable (relative to the build), with their gzip bytes. */
  popupFiles: { file: string; bytes: number; gzip: number }[];
  popupJsGzipBytes: number;
  popupJsBytes: number;
  /** Chunks reachable from the popup only through import() (loaded later, e.g. qrcode): not counted. */
  popupLazyFiles: { file: string; gzip: number }[];
  /** Static imports of the popup's entry that popup.html does not preload (should be empty). */
  popupUnlistedStaticImports: string[];
  buildGzipBytes: number;
  buildBytes: number;
  buildFiles: number;
}

const gz = (buf: Buffer) => gzipSync(buf).length;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/** `/chunks/a.js` or `./a.js` (relative to `fromFile`) → `chunks/a.js`. */
function resolveRef(ref: string, fromFile: string): string {
  if (ref.startsWith('/')) return ref.slice(1);
  return posix.normalize(posix.join(posix.dirname(fromFile), ref));
}

/** Static (`import … from "x"`, `import "x"`, `export … from "x"`) and dynamic (`import("x")`) imports of a chunk. */
function importsOf(code: string): { statics: string[]; dynamics: string[] } {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g)) statics.add(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) dynamics.add(m[1]!);
  return { statics: [...statics], dynamics: [...dynamics] };
}

export function measureSizes(extensionDir: string): SizeReport {
  const html = readFileSync(join(extensionDir, 'popup.html'), 'utf8');
  const listed = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g))
    listed.add(resolveRef(m[1]!, 'popup.html'));
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/g)) listed.add(resolveRef(m[1]!, 'popup.html'));
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g))
    listed.add(resolveRef(m[1]!, 'popup.html'));
  for (const m of html.matchAll(/<link\b[^>]*\bhref=["']([^"']+\.js)["'][^>]*\brel=["']modulepreload["']/g))
    listed.add(resolveRef(m[1]!, 'popup.html'));

  // The static import graph from the listed files: what the browser must fetch before running them.
  const staticSet = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...listed];
  while (queue.length) {
    const file = queue.shift()!;
    if (staticSet.has(file)) continue;
    staticSet.add(file);
    const { statics, dynamics } = importsOf(readFileSync(join(extensionDir, file), 'utf8'));
    for (const s of statics) queue.push(resolveRef(s, file));
    for (const d of dynamics) lazy.add(resolveRef(d, file));
  }
  const popupFiles = [...staticSet].map((file) => {
    const buf = readFileSync(join(extensionDir, file));
    return { file, bytes: buf.length, gzip: gz(buf) };
  });
  const lazyOnly = [...lazy].filter((f) => !staticSet.has(f));

  let buildGzipBytes = 0;
  let buildBytes = 0;
  let buildFiles = 0;
  for (const p of walk(extensionDir)) {
    if (!/\.(js|css|html)$/.test(p)) continue;
    const buf = readFileSync(p);
    buildBytes += buf.length;
    buildGzipBytes += gz(buf);
    buildFiles++;
  }
  return {
    popupFiles,
    popupJsGzipBytes: popupFiles.reduce((a, f) => a + f.gzip, 0),
    popupJsBytes: popupFiles.reduce((a, f) => a + f.bytes, 0),
    popupLazyFiles: lazyOnly.map((file) => ({ file, gzip: gz(readFileSync(join(extensionDir, file))) })),
    popupUnlistedStaticImports: [...staticSet].filter((f) => !listed.has(f)),
    buildGzipBytes,
    buildBytes,
    buildFiles,
  };
}
