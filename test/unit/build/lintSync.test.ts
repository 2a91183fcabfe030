/**
 * The lint's rule of the sync area (scripts/lint/eslint.config.js): only lib/storage may touch
 * storage.sync or declare a `sync:` item; anywhere else it is an error (docs/ARCHITECTURE.md,
 * "Synced conventions").
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const lintDir = join(root, 'scripts/lint');

/** The messages of the house lint for `code` as if it were the file at `path`. */
async function lint(path: string, code: string): Promise<string[]> {
  const require = createRequire(join(lintDir, 'package.json'));
  const { ESLint } = require('eslint') as typeof import('eslint');
  const eslint = new ESLint({ cwd: root, overrideConfigFile: join(lintDir, 'eslint.config.js') });
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.map((m) => m.message);
}

const SYNC_USE = `import { browser } from 'wxt/browser';
/** Reads the sync area. */
export const readAll = () => browser.storage.sync.get(null);
/** An item there. */
export const item = 'sync:anything';
`;

describe('the lint and storage.sync', () => {
  it('refuses storage.sync and a sync: item outside lib/storage', async () => {
    for (const path of ['lib/background/zzProbe.ts', 'lib/ui/options/zzProbe.ts', 'components/options/zzProbe.ts']) {
      const messages = await lint(path, SYNC_USE);
      expect(
        messages.filter((m) => /storage\.sync|sync area/.test(m)),
        path,
      ).toHaveLength(2);
    }
  });

  it('lets lib/storage touch it', async () => {
    expect(await lint('lib/storage/zzProbe.ts', SYNC_USE)).toEqual([]);
  });
});
