/**
 * React's production builds named directly, for a production build of the pages: each React
 * package's entry picks its development or production file with a `process.env.NODE_ENV` test
 * and re-exports it whole, which keeps the bundler from dropping what a page never uses of it
 * (rolldown shakes a CommonJS module's unused `exports.x` only when it sees the module itself).
 * Named directly, the popup's first script lost 174 bytes gzip of React it never calls
 * (docs/ARCHITECTURE.md, "The popup's first script"). Only where Vite builds for production
 * (`isProduction`: its JSX runtime and its `process.env.NODE_ENV` are production's too): a build
 * run with NODE_ENV=test or development (`wxt dev`, a build started by a test) keeps React's own
 * entries, whose files then match its development JSX (mixing both broke every page).
 */
import type { Plugin } from 'vite';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The package's folder, found the way Node finds it: from this project, or from the package that depends on it. */
const folderOf = (pkg: string, from?: string): string =>
  dirname((from ? createRequire(join(folderOf(from), 'package.json')) : require).resolve(`${pkg}/package.json`));

/** Each React entry → its production CommonJS file. */
function productionFiles(): Map<string, string> {
  const react = folderOf('react');
  const reactDom = folderOf('react-dom');
  const files: [string, string][] = [
    ['react', join(react, 'cjs/react.production.js')],
    ['react/jsx-runtime', join(react, 'cjs/react-jsx-runtime.production.js')],
    ['react-dom', join(reactDom, 'cjs/react-dom.production.js')],
    ['react-dom/client', join(reactDom, 'cjs/react-dom-client.production.js')],
    // react-dom's own dependency.
    ['scheduler', join(folderOf('scheduler', 'react-dom'), 'cjs/scheduler.production.js')],
  ];
  return new Map(files);
}

/** The Vite plugin: resolves React's entries to their production files in a production build. */
export function reactProduction(): Plugin {
  let production = false;
  const files = productionFiles();
  return {
    name: 'linkshort:react-production',
    enforce: 'pre',
    configResolved(config) {
      production = config.isProduction && config.command === 'build';
    },
    resolveId: (id) => (production ? (files.get(id) ?? null) : null),
  };
}
