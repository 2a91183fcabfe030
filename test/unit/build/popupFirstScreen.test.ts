import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rolldown } from 'rolldown';
import {
  FIRST_SCRIPT_CHUNKS,
  firstScriptChunks,
  inlineRuntimeIntoEntries,
  refuseLazyStylesheets,
  refuseSplitFirstScript,
  refuseStylesheets,
} from '../../../scripts/popupFirstScreen';

// A small app shaped like the popup: an entry without exports uses a CommonJS module (as React
// is) and loads lazy chunks; two of them share another CommonJS module (as the polyfill is), so
// the bundler puts its runtime helpers in a chunk of their own.
const SOURCES = {
  'lib.cjs': 'module.exports = { twice: (n) => n * 2 };',
  'poly.cjs': "module.exports = { hi: () => 'hi' };",
  'lazy.js': "import lib from './lib.cjs';\nexport const later = (n) => lib.twice(n) + 1;",
  'lazy2.js': "import poly from './poly.cjs';\nexport const hi2 = () => poly.hi() + 2;",
  'lazy3.js': "import poly from './poly.cjs';\nexport const hi3 = () => poly.hi() + 3;",
  'entry.js': [
    "import lib from './lib.cjs';",
    "globalThis.__entry = { now: lib.twice(21), lazy: () => import('./lazy.js'), lazy2: () => import('./lazy2.js'), lazy3: () => import('./lazy3.js') };",
  ].join('\n'),
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Builds the app (minified ES modules, as the extension's build) and returns its output folder. */
async function build(inline: boolean, sources: Record<string, string> = SOURCES, chunks = FIRST_SCRIPT_CHUNKS): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'linkshort-runtime-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src'));
  for (const [name, code] of Object.entries(sources)) writeFileSync(join(dir, 'src', name), code);
  const bundle = await rolldown({
    input: { entry: join(dir, 'src/entry.js') },
    preserveEntrySignatures: false,
    logLevel: 'silent',
    plugins: inline ? [{ name: 'inline', generateBundle: (_o, b) => (inlineRuntimeIntoEntries(b), refuseSplitFirstScript(b)) }] : [],
  });
  const codeSplitting = inline ? chunks : undefined;
  await bundle.write({
    dir: join(dir, 'out'),
    format: 'es',
    minify: true,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    codeSplitting,
  });
  await bundle.close();
  return join(dir, 'out');
}

const staticImports = (code: string) => [...code.matchAll(/import\s*\{[^}]*\}\s*from\s*"([^"]+)"/g)].map((m) => m[1]);

describe('the popup’s first script carries the bundler’s runtime helpers', () => {
  it('without the step the entry imports a runtime chunk (what the step is for)', async () => {
    const out = await build(false);
    const runtime = readdirSync(out).find((f) => f.startsWith('rolldown-runtime'));
    expect(runtime).toBeDefined();
    expect(staticImports(readFileSync(join(out, 'entry.js'), 'utf8'))).toContain(`./${runtime}`);
  });

  it('with it, the entry imports nothing and still works, and so does its lazy chunk', async () => {
    const out = await build(true);
    const entry = readFileSync(join(out, 'entry.js'), 'utf8');
    expect(staticImports(entry)).toEqual([]);
    // Run in a node of its own, as the browser would: the entry, then each lazy chunk.
    const script = [
      `await import(${JSON.stringify(pathToFileURL(join(out, 'entry.js')).href)});`,
      'const app = globalThis.__entry;',
      'console.log(JSON.stringify([app.now, (await app.lazy()).later(5), (await app.lazy2()).hi2(), (await app.lazy3()).hi3()]));',
    ].join('\n');
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(printed)).toEqual([42, 11, 'hi2', 'hi3']);
  });

  it('refuses an entry whose import of the runtime it cannot find, rather than ship a broken popup', () => {
    const chunk = (fileName: string, code: string, extra: object) => ({
      type: 'chunk',
      fileName,
      code,
      imports: [],
      moduleIds: [],
      isEntry: false,
      ...extra,
    });
    const bundle = {
      'rolldown-runtime-x.js': chunk('rolldown-runtime-x.js', 'var a=1;export{a as n};', { moduleIds: ['\0rolldown/runtime.js'] }),
      'entry.js': chunk('entry.js', 'import*as r from"./rolldown-runtime-x.js";r.n;', {
        isEntry: true,
        imports: ['rolldown-runtime-x.js'],
      }),
    };
    expect(() => inlineRuntimeIntoEntries(bundle as never)).toThrow(/entry\.js: its import of rolldown-runtime-x\.js was not found/);
  });
});

describe('the popup’s first script is one file', () => {
  it('fails the build when the entry still imports another chunk, naming its modules', () => {
    const chunk = (fileName: string, imports: string[], moduleIds: string[], isEntry: boolean) => ({
      type: 'chunk',
      fileName,
      code: '',
      imports,
      moduleIds,
      isEntry,
    });
    const bundle = {
      'chunks/popup.js': chunk('chunks/popup.js', ['chunks/i18n.js'], ['/app/main.tsx'], true),
      'chunks/i18n.js': chunk('chunks/i18n.js', [], ['/app/lib/i18n.ts'], false),
      'chunks/Later.js': chunk('chunks/Later.js', ['chunks/i18n.js', 'chunks/popup.js'], ['/app/Later.tsx'], false),
    };
    expect(() => refuseSplitFirstScript(bundle as never)).toThrow(
      /chunks\/popup\.js imports chunks\/i18n\.js \(modules \/app\/lib\/i18n\.ts\)/,
    );
    bundle['chunks/popup.js'].imports = [];
    expect(() => refuseSplitFirstScript(bundle as never)).not.toThrow();
  });

  it('keeps a module that the entry and lazy chunks share in the entry, and the lazy chunks import it from there', async () => {
    const shared = {
      ...SOURCES,
      'words.js': "export const word = (k) => 'w:' + k;",
      'choices.js':
        "import { word } from './words.js';\nexport const toId = (v) => Number(v) || null;\nexport const label = (n) => word(n);",
      'lazy.js':
        "import { toId } from './choices.js';\nimport { word } from './words.js';\nexport const later = (n) => word(toId(String(n)));",
      'entry.js':
        "import { label } from './choices.js';\nimport lib from './lib.cjs';\nglobalThis.__entry = { now: label(lib.twice(1)), lazy: () => import('./lazy.js') };",
    };
    const out = await build(true, shared);
    const entry = readFileSync(join(out, 'entry.js'), 'utf8');
    expect(staticImports(entry)).toEqual([]);
    expect(readdirSync(out).filter((f) => /^(words|choices)/.test(f))).toEqual([]);
    const script = [
      `await import(${JSON.stringify(pathToFileURL(join(out, 'entry.js')).href)});`,
      'console.log(JSON.stringify([globalThis.__entry.now, (await globalThis.__entry.lazy()).later(7)]));',
    ].join('\n');
    expect(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }))).toEqual(['w:2', 'w:7']);
  });
});

describe('what the popup loads after its first paint is one file', () => {
  it('puts every lazy module in one chunk but those loaded on demand, and each still works', async () => {
    const out = await build(true, SOURCES, firstScriptChunks(/lazy3\.js/));
    const files = readdirSync(out);
    const later = files.filter((f) => f.startsWith('popupLater'));
    expect(later).toHaveLength(1);
    // lazy.js and lazy2.js (and the CommonJS module lazy2 uses) come in that one file; lazy3.js waits in its own.
    expect(readFileSync(join(out, later[0]!), 'utf8')).toMatch(/hi2/);
    expect(readFileSync(join(out, later[0]!), 'utf8')).not.toMatch(/hi3/);
    expect(
      files.filter((f) => f.endsWith('.js') && f !== 'entry.js' && !f.startsWith('popupLater') && !f.startsWith('rolldown-runtime')),
    ).toHaveLength(1);
    const script = [
      `await import(${JSON.stringify(pathToFileURL(join(out, 'entry.js')).href)});`,
      'const app = globalThis.__entry;',
      'console.log(JSON.stringify([app.now, (await app.lazy()).later(5), (await app.lazy2()).hi2(), (await app.lazy3()).hi3()]));',
    ].join('\n');
    expect(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }))).toEqual([
      42,
      11,
      'hi2',
      'hi3',
    ]);
  });
});

describe('import() without Vite’s preload helper', () => {
  const chunk = (fileName: string, isEntry: boolean, css: string[], isDynamicEntry = false) => ({
    type: 'chunk',
    fileName,
    isEntry,
    isDynamicEntry,
    viteMetadata: { importedCss: new Set(css) },
  });

  it('fails the build when a lazy chunk has a stylesheet, which nothing would load', () => {
    const bundle = {
      'popup.js': chunk('popup.js', true, ['popup.css']),
      'chunks/Result.js': chunk('chunks/Result.js', false, ['assets/result.css']),
    };
    expect(() => refuseLazyStylesheets(bundle)).toThrow(/chunks\/Result\.js imports assets\/result\.css/);
  });

  it('fails it too for an entry that is also loaded by import(), and when Vite gave no list to check', () => {
    expect(() => refuseLazyStylesheets({ 'qr.js': chunk('qr.js', true, ['assets/qr.css'], true) })).toThrow(
      /qr\.js imports assets\/qr\.css/,
    );
    expect(() => refuseLazyStylesheets({ 'chunks/Result.js': { type: 'chunk', fileName: 'chunks/Result.js', isEntry: false } })).toThrow(
      /no list of its stylesheets/,
    );
  });

  it('lets pass entries with their stylesheets (linked by their page or added by their script) and lazy chunks without', () => {
    const bundle = { 'popup.js': chunk('popup.js', true, ['popup.css']), 'chunks/Result.js': chunk('chunks/Result.js', false, []) };
    expect(() => refuseLazyStylesheets(bundle)).not.toThrow();
  });
});

describe('popup.html without a stylesheet (its script adds the styles)', () => {
  it('fails the build on a linked or an inline stylesheet', () => {
    expect(() => refuseStylesheets('<head><link rel="stylesheet" crossorigin href="/assets/popup-x.css"></head>')).toThrow(
      /popup\.html has a stylesheet/,
    );
    expect(() => refuseStylesheets('<head><style>body{margin:0}</style></head>')).toThrow(/popup\.html has a stylesheet/);
  });

  it('lets the built popup.html pass: a module script and no stylesheet', () => {
    const html =
      '<head><meta name="color-scheme" content="light dark"><script type="module" crossorigin src="/chunks/popup-x.js"></script></head><body><div id="root"></div></body>';
    expect(() => refuseStylesheets(html)).not.toThrow();
  });
});
