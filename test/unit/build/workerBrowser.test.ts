/**
 * The lint's rule of the worker's imports (scripts/lint/eslint.config.js): the worker and what it
 * imports use the browser's own API (`@wxt-dev/browser`); `wxt/browser`, the polyfill, is refused
 * there, since the worker's start would evaluate it (docs/ARCHITECTURE.md, "A cold start").
 */
import { describe, expect, it } from 'vitest';
import { lint } from './houseLint';

const usesBrowser = (from: string) => `import { browser } from '${from}';
/** The extension's id. */
export const id = () => browser.runtime.id;
`;

describe('the lint and the worker\u2019s browser API', () => {
  it('refuses the polyfill in the worker and in the modules it imports', async () => {
    for (const path of ['lib/background/zzProbe.ts', 'lib/storage/zzProbe.ts', 'lib/api/zzProbe.ts', 'entrypoints/background.ts']) {
      const messages = await lint(path, usesBrowser('wxt/browser'));
      expect(
        messages.filter((m) => /@wxt-dev\/browser/.test(m)),
        path,
      ).toHaveLength(1);
    }
  });

  it('lets the worker use the browser\u2019s own API, and the pages the polyfill', async () => {
    expect((await lint('lib/background/zzProbe.ts', usesBrowser('@wxt-dev/browser'))).filter((m) => /browser/.test(m))).toEqual([]);
    expect((await lint('lib/ui/options/zzProbe.ts', usesBrowser('wxt/browser'))).filter((m) => /polyfill/.test(m))).toEqual([]);
  });
});
