// Import circles among the source files, type imports included (ESLint's import-x/no-cycle skips
// `import type`, and a circle of types still ties the files of a feature into one knot).
import ts from 'typescript';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const FOLDERS = ['lib', 'components', 'entrypoints'];

/** Every .ts/.tsx file under a folder. */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project file an import names, or null for a package or an asset. */
function resolveImport(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const files = FOLDERS.flatMap((f) => filesUnder(join(root, f)));
const edges = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return [file, [...new Set(importedFiles.map((i) => resolveImport(file, i.fileName)).filter(Boolean))]];
  }),
);

// Tarjan's strongly connected components: each component of more than one file is a circle.
let index = 0;
const stack = [];
const info = new Map();
const circles = [];
function visit(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const part = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (edges.get(v) ?? []).includes(v)) circles.push(part);
  }
}
for (const file of files) if (!info.has(file)) visit(file);

for (const part of circles) {
  console.error(`Import circle of ${part.length} files (type imports included):`);
  for (const file of part.sort()) {
    const inside = (edges.get(file) ?? []).filter((w) => part.includes(w)).map((w) => relative(root, w));
    console.error(`  ${relative(root, file)} → ${inside.join(', ')}`);
  }
}
process.exit(circles.length ? 1 : 0);
