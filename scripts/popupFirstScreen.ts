/**
 * Build plugins that make the popup's first screen one script and no stylesheet request
 * (measured by `npm run bench`, see README "Benchmarks"):
 * - the popup is built on its own (wxt.config.ts), so its first script is one chunk as it is;
 *   for the other pages, built together, the chunks they share (React, the i18n helper, …) are
 *   copied into each page's own chunk instead of being loaded as separate files (rolldown's
 *   inline common chunks; only for the ES build of the pages, the worker is one file anyway);
 * - in the popup's own build, every module the popup's entry imports statically (React, the first
 *   screen, lib/i18n.ts, …) is kept in the first script by one chunk group (rolldown's `$initial`
 *   tag): left to itself, rolldown moves a module that the first screen and lazy chunks share into
 *   a chunk of its own when its own heuristics see a risk of a cycle (lib/ui/popup/utm.ts importing
 *   lib/ui/choices.ts, which imports lib/i18n.ts, split i18n off); the lazy chunks import such
 *   modules from the first script, so no module is ever copied. The build fails if the first
 *   script still imports another file (`refuseSplitFirstScript`);
 * - in the popup's own build, the bundler's runtime helpers, which it puts in a chunk of their own
 *   as soon as a lazy chunk needs one too, are copied into the popup's first script: a module
 *   the first script imports is fetched only after the first script was, which made the popup
 *   about 5 ms slower (`npm run bench`); the lazy chunks keep importing the runtime chunk (not
 *   in a build with source maps, whose maps the copy would shift: `wxt dev` serves the popup);
 * - popup.html has no stylesheet: the popup's script adds its styles (entrypoints/popup/main.tsx),
 *   which keeps the page a few hundred bytes and its load event after the first render; a
 *   stylesheet in popup.html (a CSS import without `?inline`) fails the build;
 * - in every page build, Vite wraps every import() in its preload helper even with
 *   `build.modulePreload: false` (3.4 kB before minifying, 600 B gzip of the popup's first
 *   script): the helper is replaced by one that just imports, as nothing here preloads and no
 *   chunk loaded by import() has a stylesheet (the build fails if one has).
 * What is not on the first screen is loaded with import() after the first render.
 */
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** True for the popup's HTML entrypoint. */
const isPopupHtml = (path: string) => /(^|\/)popup(\/index)?\.html$/.test(path);

/** Vite's preload helper module, which its build wraps every import() in. */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const isPreloadHelper = (id: string) => id === PRELOAD_HELPER || id === 'vite/preload-helper.js';

/** The plugins, for wxt.config.ts's Vite configuration (every build step). */
export function popupFirstScreen(): Plugin[] {
  let popupAlone = false;
  return [
    {
      name: 'linkshort:import-without-preload',
      enforce: 'pre',
      resolveId: (id) => (isPreloadHelper(id) ? PRELOAD_HELPER : null),
      load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
      generateBundle(_opts, bundle) {
        refuseLazyStylesheets(bundle);
      },
    },
    {
      name: 'linkshort:page-chunks-inline',
      options(opts) {
        const input = opts.input;
        const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? input : Object.values(input ?? {});
        popupAlone = inputs.length === 1 && isPopupHtml(String(inputs[0]));
        return null;
      },
      outputOptions(opts) {
        // The popup's own build (wxt.config.ts) has one page: nothing to inline; what its entry
        // imports statically stays in its entry's chunk (see above).
        if (popupAlone) return { ...opts, codeSplitting: FIRST_SCRIPT_CHUNKS } as typeof opts;
        const format = (opts as { format?: string }).format;
        if (format && format !== 'es' && format !== 'esm' && format !== 'module') return null;
        return { ...opts, codeSplitting: { experimentalInlineCommonChunks: { maxSize: Infinity } } } as typeof opts;
      },
      generateBundle(opts, bundle) {
        if (!popupAlone || opts.sourcemap) return;
        inlineRuntimeIntoEntries(bundle as unknown as OutputBundle);
        refuseSplitFirstScript(bundle as unknown as OutputBundle);
      },
    },
    {
      name: 'linkshort:popup-without-stylesheet',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          if (isPopupHtml(ctx.path)) refuseStylesheets(html);
          return html;
        },
      },
    },
  ];
}

/**
 * The modules of the popup that wait to be asked for (a QR code's image, the UTM fields and the
 * site rules with zod, the QR style fields, a tracked QR code's part): not in the later chunk.
 */
export const POPUP_ON_DEMAND =
  /node_modules[\\/](qrcode|zod)[\\/]|QrStyleFields|TrackedQrPart|UtmFields|PresetSelect|lib[\\/]ui[\\/]popup[\\/]utmActions\.ts|lib[\\/]links[\\/](siteRules|linkRules|ruleChoices)\.ts/;

/**
 * Rolldown's chunking of the popup's own build: the entry's static imports in one group, its
 * chunk; then every lazy module but those `onDemand` names in a second one: what each open loads
 * after its first paint (Recent links, the worker's messaging, the later parts and their styles)
 * arrives as one file, not as a dozen chunks importing each other three deep (Recent links were
 * drawn 65–87 ms after the form, 22–42 ms with one file: docs/BENCHMARKS.md, eighth round).
 */
export function firstScriptChunks(onDemand: RegExp) {
  return {
    groups: [
      { name: 'popup', tags: ['$initial' as const] },
      { name: 'popupLater', test: (id: string) => !onDemand.test(id) && !/rolldown[\\/]runtime/.test(id) },
    ],
  };
}

/** The popup build's chunking (firstScriptChunks with the popup's on-demand modules). */
export const FIRST_SCRIPT_CHUNKS = firstScriptChunks(POPUP_ON_DEMAND);

/**
 * Throws when an entry chunk still imports another chunk statically (run after the runtime's
 * helpers were copied in): the popup's first script would wait for a second file before it runs.
 */
export function refuseSplitFirstScript(bundle: OutputBundle): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry || chunk.imports.length === 0) continue;
    throw new Error(
      `${chunk.fileName} imports ${chunk.imports.join(', ')} (modules ${chunk.imports.map((f) => (bundle[f] as OutputChunk | undefined)?.moduleIds.join(', ')).join('; ')}): the popup's first script must be one file (scripts/popupFirstScreen.ts)`,
    );
  }
}

/** The bundler's runtime module (helpers such as its CommonJS wrapper), as named in a chunk's modules. */
const isRuntimeModule = (id: string) => /^\0?rolldown[:/]runtime(\.js)?$/.test(id);

/** The pairs of an `import{a as b,c}` or `export{a as b,c}` list: [a, b], [c, c]. */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name, local] = part.split(/\s+as\s+/);
      return [name!, local ?? name!];
    });
}

/**
 * Replaces an entry chunk's static import of the runtime-only chunk by a copy of its helpers
 * (plain functions without shared state in a build without inline common chunks, so a second
 * copy is harmless). Throws when the code does not have the shape it expects, so that a bundler
 * change fails the build instead of shipping a popup that does not start.
 */
export function inlineRuntimeIntoEntries(bundle: OutputBundle): void {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const runtime = chunks.find((c) => c.moduleIds.length > 0 && c.moduleIds.every(isRuntimeModule));
  if (!runtime) return;
  if (runtime.imports.length > 0)
    throw new Error(
      `${runtime.fileName} imports ${runtime.imports.join(', ')}: its helpers cannot be copied into the popup's first script`,
    );
  const exported = /export\s*\{([^}]*)\};?\s*$/.exec(runtime.code);
  if (!exported) throw new Error(`${runtime.fileName}: no export list at its end`);
  const body = runtime.code.slice(0, exported.index);
  // `export{s as n}`: the local s is exported as n.
  const returned = bindings(exported[1]!)
    .map(([local, name]) => `${name}:${local}`)
    .join(',');
  const file = runtime.fileName
    .split('/')
    .pop()!
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const entry of chunks.filter((c) => c.isEntry && c.imports.includes(runtime.fileName))) {
    const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["'](?:\\./|/chunks/)?${file}["'];?`);
    const found = statement.exec(entry.code);
    if (!found) throw new Error(`${entry.fileName}: its import of ${runtime.fileName} was not found`);
    // `import{r as e}`: the runtime's r is known here as e.
    const locals = bindings(found[1]!)
      .map(([name, local]) => `${name}:${local}`)
      .join(',');
    entry.code = `${entry.code.slice(0, found.index)}const{${locals}}=(()=>{${body}return{${returned}}})();${entry.code.slice(found.index + found[0].length)}`;
    entry.imports = entry.imports.filter((f) => f !== runtime.fileName);
  }
}

/** A chunk as `refuseLazyStylesheets` reads it (Vite adds `viteMetadata` before plugins' generateBundle). */
interface ChunkWithCss {
  type: string;
  fileName: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Throws when a chunk other than a page's own entry has a stylesheet (one loaded by import()
 * would not get it from the helper that just imports), or when Vite did not say which
 * stylesheets a chunk has, so that this check cannot pass without checking.
 */
export function refuseLazyStylesheets(bundle: Record<string, ChunkWithCss>): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    if (!chunk.viteMetadata) throw new Error(`${chunk.fileName}: Vite gave no list of its stylesheets (scripts/popupFirstScreen.ts)`);
    const css = chunk.viteMetadata.importedCss;
    if (css.size && (!chunk.isEntry || chunk.isDynamicEntry)) {
      throw new Error(
        `${chunk.fileName} imports ${[...css].join(', ')}: a chunk that is not a page's entry would not get its stylesheet (scripts/popupFirstScreen.ts)`,
      );
    }
  }
}

/**
 * Throws when popup.html has a stylesheet (a <link> or a <style>): the popup's styles come with
 * its script (`?inline` imports in entrypoints/popup/main.tsx), so that the page stays small and
 * is not laid out and painted empty before its first render.
 */
export function refuseStylesheets(html: string): void {
  const found = /<link\b[^>]*\brel=["']?stylesheet|<style\b/i.exec(html);
  if (found)
    throw new Error(
      `popup.html has a stylesheet (${found[0]}…): import the popup's CSS with ?inline in entrypoints/popup/main.tsx (scripts/popupFirstScreen.ts)`,
    );
}
