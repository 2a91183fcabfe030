// The house rules of docs/ARCHITECTURE.md as checks: layers, small files, one import style, one way
// to the network, the key's rules (import circles: cycles.js; format and unused code: run.js). Run from the project's root: `npm run lint` (`-- --fix` to fix).
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const SOURCE = ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'];
const PAGES = ['components', 'entrypoints/popup', 'entrypoints/options', 'entrypoints/bulk', 'entrypoints/qr'];
const SHARED = ['lib/links', 'lib/bulk', 'lib/qr', 'lib/storage', 'lib/i18n'];
/** The rules of addresses, pasted text and QR codes know nothing of how things are stored (lib/storage imports them). */
const RULES = ['lib/links', 'lib/bulk', 'lib/qr'];

/** A layer may not import from the layers above it (docs/ARCHITECTURE.md, "Layers"). */
const zone = (target, from, why) => ({ target: `./${target}`, from: from.map((f) => `./${f}`), message: why });
const layers = [
  zone(
    'lib/api',
    ['lib/background', 'lib/messaging', 'lib/ui', 'components', 'entrypoints', ...SHARED],
    'lib/api is the bottom layer: it knows nothing of the extension.',
  ),
  zone('lib/background', ['lib/ui', ...PAGES], 'the worker never imports a page module.'),
  zone('lib/messaging', ['lib/background', 'lib/ui', ...PAGES], 'the contract between pages and worker imports neither side.'),
  ...SHARED.map((s) =>
    zone(
      s,
      ['lib/background', 'lib/messaging', 'lib/ui', ...PAGES],
      'shared rules are used by pages and worker alike: they import neither.',
    ),
  ),
  ...RULES.map((r) => zone(r, ['lib/storage'], 'lib/storage holds values of the shared rules: the rules do not import it.')),
  zone('lib/ui', ['lib/background', ...PAGES], "the pages' stores reach the worker through lib/messaging only."),
  zone('components', ['lib/background', 'entrypoints'], 'components take data and callbacks from a store.'),
];

/** One import style: another folder's module by `@/…`, the same folder's by `./…`. */
const ONE_STYLE = { regex: '^\\.\\./', message: "Import another folder's module by '@/…' ('./' only within a folder)." };

/** The key never leaves storage.local: only lib/storage may reach storage.sync, and only with the synced conventions. */
const SYNC_SYNTAX = [
  {
    selector: "MemberExpression[property.name='sync'][object.property.name='storage']",
    message: 'Only lib/storage touches storage.sync (lib/storage/syncArea.ts: the synced conventions, never the key).',
  },
  {
    selector: "MemberExpression[property.value='sync'][object.property.name='storage']",
    message: 'Only lib/storage touches storage.sync.',
  },
  { selector: 'Literal[value=/^sync:/]', message: 'Only lib/storage declares items of the sync area; WXT items elsewhere live in local:.' },
];
/** The other rules written as syntax: no key in a log, no test hook, no effect written as an expression. */
const SYNTAX = [
  {
    selector: "CallExpression[callee.object.name='console'] :matches(Identifier[name=/key/i], Literal[value=/key/i])",
    message: 'Never log anything that may hold the API key.',
  },
  { selector: 'Identifier[name=/^__linkShort/]', message: 'Production code holds no test hooks.' },
  {
    selector:
      "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression.arguments:first-child[body.type!='BlockStatement']",
    message:
      'An effect is a block: the value of an expression body becomes the cleanup React calls (scrollIntoView answers a Promise in some browsers).',
  },
];

/** Files that use the browser's own API (@wxt-dev/browser): the polyfill's two names are refused there, with `why`. */
function ownBrowserApi(files, why) {
  const paths = ['wxt/browser', 'webextension-polyfill'].map((name) => ({ name, message: why }));
  return { basePath: root, files, rules: { 'no-restricted-imports': ['error', { paths, patterns: [ONE_STYLE] }] } };
}

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'scripts/lint/**', 'test/bench/reference/**'] },
  {
    basePath: root,
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: resolve(root, 'tsconfig.json') })],
    },
    rules: {
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    basePath: root,
    files: SOURCE,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layers }],
      // A file above 250 lines says why at its top (`/* eslint-disable max-lines -- why */`).
      'max-lines': ['error', { max: 250 }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-imports': ['error', { patterns: [ONE_STYLE] }],
      'no-restricted-syntax': ['error', ...SYNC_SYNTAX, ...SYNTAX],
    },
  },
  {
    // Only lib/storage touches the browser's sync area (lib/storage/syncArea.ts): the rest of the rules hold there too.
    basePath: root,
    files: ['lib/storage/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SYNTAX] },
  },
  {
    basePath: root,
    files: SOURCE,
    ignores: ['lib/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only lib/api sends requests (the worker hands it fetch through lib/background/gate.ts).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'fetch', message: 'Only lib/api sends requests.' },
        { object: 'window', property: 'fetch', message: 'Only lib/api sends requests.' },
        { object: 'self', property: 'fetch', message: 'Only lib/api sends requests.' },
      ],
    },
  },
  // The popup's first screen: the browser's own API, never the polyfill or the messaging library,
  // which load after the first paint.
  ownBrowserApi(
    [
      'lib/ui/popup/firstReads.ts',
      'lib/ui/popup/snapshot.ts',
      'lib/ui/popup/form.ts',
      'lib/ui/popup/waiting.ts',
      'lib/ui/popup/waitingActions.ts',
      'lib/i18n/index.ts',
      'entrypoints/popup/main.tsx',
    ],
    "The popup's first script uses @wxt-dev/browser; the polyfill loads after the first paint.",
  ),
  // The worker and what it imports: its start would evaluate the polyfill first (wxt.config.ts
  // keeps WXT's own wrapper of the background off it too).
  ownBrowserApi(
    [
      'entrypoints/background.ts',
      'lib/background/**/*.ts',
      'lib/storage/**/*.ts',
      'lib/api/**/*.ts',
      'lib/messaging/**/*.ts',
      'lib/links/**/*.ts',
    ],
    'The worker uses @wxt-dev/browser: the polyfill would be evaluated at every start.',
  ),
  {
    // Tests read answers of any shape on purpose.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
