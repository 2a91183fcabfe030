// @vitest-environment node
// wxt.config.ts leaves out lightningcss's lowering of light-dark() (two custom properties it adds
// wherever color-scheme is set): a stylesheet using light-dark() would then reach Chrome 116–122,
// which lacks it, as written. None may use it; dark colours come from a prefers-color-scheme block.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every .css file under `dir`. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? stylesheets(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}

describe('stylesheets', () => {
  it('use no light-dark()', () => {
    const files = ['components', 'entrypoints'].flatMap((d) => stylesheets(join(REPO_ROOT, d)));
    expect(files.length).toBeGreaterThan(3);
    const using = files.filter((f) => /light-dark\(/i.test(readFileSync(f, 'utf8'))).map((f) => relative(REPO_ROOT, f));
    expect(using).toEqual([]);
  });
});
