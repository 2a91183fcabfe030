/**
 * The test build (`npm run build:test`, LINKSHORT_TEST_BUILD=1): the worker's entry imports
 * test/support/listenerProbe.ts first, which keeps the listeners of the surfaces a headless browser
 * cannot press where the browser tests can call them. Every other build is left as it is.
 */
import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('../test/support/listenerProbe.ts', import.meta.url));

/** The plugin of the test build, or none. */
export function testHooks(): Plugin[] {
  if (process.env.LINKSHORT_TEST_BUILD !== '1') return [];
  return [
    {
      name: 'linkshort-test-hooks',
      enforce: 'pre',
      transform(code, id) {
        if (!/[\\/]entrypoints[\\/]background\.ts$/.test(id.split('?')[0]!)) return null;
        return { code: `import ${JSON.stringify(PROBE)};\n${code}`, map: null };
      },
    },
  ];
}
