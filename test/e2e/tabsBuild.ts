/**
 * The shipped manifest holds `tabs` only as an optional permission, asked for on the click of "Use
 * this window's tabs"; an automated browser cannot accept the prompt, so a test of that button
 * loads a copy of the build whose manifest holds `tabs` already (the page's code is the same).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXTENSION_DIR } from './harness';

/** A copy of the build whose manifest holds `tabs` (a test build); removed by the returned function. */
export function buildHoldingTabs(): { dir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'linkshort-tabs-'));
  const dir = join(root, 'chrome-mv3');
  cpSync(DEFAULT_EXTENSION_DIR, dir, { recursive: true });
  const file = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { permissions: string[]; optional_permissions?: string[] };
  manifest.permissions.push('tabs');
  manifest.optional_permissions = (manifest.optional_permissions ?? []).filter((p) => p !== 'tabs');
  writeFileSync(file, JSON.stringify(manifest));
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
