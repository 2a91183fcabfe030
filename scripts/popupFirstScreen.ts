/**
 * Build plugins that make the popup's first screen one script and no stylesheet request
 * (measured by `npm run bench`, see README "Benchmarks"):
 * - the popup is built on its own (wxt.config.ts), so its first script is one chunk as it is;
 *   for the other pages, built together, the chunks they share (React, the i18n helper, …) are
 *   copied into each page's own chunk instead of being loaded as separate files (rolldown's
 *   inline common chunks; only for the ES build of the pages, the worker is one file anyway);
 * - popup.html gets its stylesheet inlined as a <style> element.
 * What is not on the first screen is loaded with import() after the first render.
 */
import type { Plugin } from 'vite';

/** True for the popup's HTML entrypoint. */
const isPopupHtml = (path: string) => /(^|\/)popup(\/index)?\.html$/.test(path);

/** Both plugins, for wxt.config.ts's Vite configuration (every build step). */
export function popupFirstScreen(): Plugin[] {
  let popupAlone = false;
  return [
    {
      name: 'linkshort:page-chunks-inline',
      options(opts) {
        const input = opts.input;
        const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? input : Object.values(input ?? {});
        popupAlone = inputs.length === 1 && isPopupHtml(String(inputs[0]));
        return null;
      },
      outputOptions(opts) {
        // The popup's own build (wxt.config.ts) has one page: nothing is shared, nothing to inline.
        if (popupAlone) return null;
        const format = (opts as { format?: string }).format;
        if (format && format !== 'es' && format !== 'esm' && format !== 'module') return null;
        return { ...opts, codeSplitting: { experimentalInlineCommonChunks: { maxSize: Infinity } } } as typeof opts;
      },
    },
    {
      name: 'linkshort:popup-inline-css',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          if (!isPopupHtml(ctx.path) || !ctx.bundle) return html;
          const bundle = ctx.bundle;
          return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/?([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
            const asset = bundle[file];
            if (!asset || asset.type !== 'asset') return tag;
            return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
          });
        },
      },
    },
  ];
}
