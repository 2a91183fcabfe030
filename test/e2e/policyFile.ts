/**
 * A managed-policy file for the test build in Chromium's policy folder: written before the browser
 * starts, removed afterwards (with the folders it made, when left empty). Chromium reads
 * `/etc/chromium/policies/managed/*.json` at start; a machine that does not let the test write
 * there skips the test (the write says false).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_EXTENSION_DIR } from './harness';

const POLICY_DIR = '/etc/chromium/policies/managed';

/** The id Chromium gives an unpacked extension: the SHA-256 of its path, first 32 hex digits written a–p. */
export const unpackedId = (dir: string) =>
  [...createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 32)].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');

/** The policy file named `name` for the test build; `write` says false where the machine refuses it. */
export function chromiumPolicyFile(name: string) {
  const file = join(POLICY_DIR, `${name}-${unpackedId(DEFAULT_EXTENSION_DIR)}.json`);
  const made = ['/etc/chromium/policies', POLICY_DIR].filter((d) => !existsSync(d));
  return {
    /** Writes the extension's policy; false when this machine does not let the test write there. */
    write(policy: Record<string, unknown>): boolean {
      try {
        mkdirSync(POLICY_DIR, { recursive: true });
        writeFileSync(file, JSON.stringify({ '3rdparty': { extensions: { [unpackedId(DEFAULT_EXTENSION_DIR)]: policy } } }));
        return true;
      } catch (e) {
        console.warn(`[${name}] cannot write ${file} (${String(e)}): the managed-policy test is skipped`);
        return false;
      }
    },
    /** Removes the file, and the folders this test made when they are empty (another file there is not ours). */
    remove(): void {
      rmSync(file, { force: true });
      for (const dir of [...made].reverse()) {
        try {
          rmdirSync(dir);
        } catch {
          // not empty or gone: left as it is
        }
      }
    },
  };
}
