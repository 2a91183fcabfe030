/**
 * What the bench needs to reach the sandbox over HTTPS with HTTP/2 (`startSandbox({ http2 })`):
 * its browser told to trust the sandbox's certificate (by its key's hash, this browser only), and
 * a copy of the build whose manifest grants https on 127.0.0.1, as the options page's Save asks
 * the user to grant it (an automated browser cannot accept that prompt; the code is the same).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox/types';

/** Chromium's arguments trusting `sb`'s certificate (none over HTTP/1.1). */
export function trustSandbox(sb: Sandbox): string[] {
  return sb.certificate ? [`--ignore-certificate-errors-spki-list=${sb.certificate.spki}`] : [];
}

/** A copy of `extensionDir` whose manifest grants https://127.0.0.1/*; `remove` deletes it. */
export function buildGrantingHttps(extensionDir: string): { dir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'linkshort-h2-'));
  const dir = join(root, 'chrome-mv3');
  cpSync(extensionDir, dir, { recursive: true });
  const file = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { host_permissions?: string[] };
  manifest.host_permissions = [...(manifest.host_permissions ?? []), 'https://127.0.0.1/*'];
  writeFileSync(file, JSON.stringify(manifest));
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
