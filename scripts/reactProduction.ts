/**
 * React's production builds named directly, for a production build of the pages: each React
 * package's entry picks its development or production file with a `process.env.NODE_ENV` test
 * and re-exports it whole, which keeps the bundler from dropping what a page never uses of it
 * (rolldown shakes a CommonJS module's unused `exports.x` only when it sees the module itself).
 * Named directly, the popup's first script lost 174 bytes gzip of React it never calls
 * (docs/ARCHITECTURE.md, "The popup's first script"). Development (`wxt dev`) and the unit tests
 * keep React's own entries, with its development checks.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The package's folder, found the way Node finds it: from this project, or from the package that depends on it. */
const folderOf = (pkg: string, from?: string): string =>
  dirname((from ? createRequire(join(folderOf(from), 'package.json')) : require).resolve(`${pkg}/package.json`));

/** Vite aliases: each React entry → its production CommonJS file. */
export function reactProductionAliases(): { find: RegExp; replacement: string }[] {
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
  return files.map(([entry, file]) => ({ find: new RegExp(`^${entry.replace('/', '\\/')}$`), replacement: file }));
}
