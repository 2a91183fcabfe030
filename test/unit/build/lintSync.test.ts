/**
 * The lint's rule of the sync area (scripts/lint/eslint.config.js): only lib/storage may touch
 * storage.sync or declare a `sync:` item; anywhere else it is an error (docs/ARCHITECTURE.md,
 * "Synced conventions").
 */
import { describe, expect, it } from 'vitest';
import { lint } from './houseLint';

const SYNC_USE = `import { browser } from '@wxt-dev/browser';
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
