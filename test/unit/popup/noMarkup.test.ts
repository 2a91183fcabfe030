// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['components/popup', 'components/qr', 'entrypoints/popup', 'entrypoints/qr', 'lib/ui'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(tsx?|html)$/.test(name) ? [p] : [];
  });
}

describe('the popup and QR pages', () => {
  const sources = ROOTS.flatMap(files).map((p) => ({ p, text: readFileSync(p, 'utf8') }));

  it('never render markup from data', () => {
    expect(sources.length).toBeGreaterThan(10);
    for (const { p, text } of sources) {
      expect(text, p).not.toMatch(/dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML/);
    }
  });

  it('never call fetch (only the worker talks to the network)', () => {
    for (const { p, text } of sources) expect(text, p).not.toMatch(/\bfetch\s*\(/);
  });

  it('load qrcode only with a dynamic import', () => {
    for (const { p, text } of sources) expect(text, p).not.toMatch(/^import[^;]*from ['"]qrcode['"]/m);
  });
});
