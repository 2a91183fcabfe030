// `npm run lint`: the format (Prettier), unused code (knip), import circles with type imports
// (cycles.js), then the house rules (ESLint).
// `npm run lint -- --fix` writes the format and ESLint's fixes instead of failing on them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const here = resolve(fileURLToPath(import.meta.url), '..');
const root = resolve(here, '../..');
const bin = (name) => resolve(here, 'node_modules/.bin', name);
const args = process.argv.slice(2);
const fix = args.includes('--fix');

const steps = [
  ['format', bin('prettier'), [fix ? '--write' : '--check', '--log-level', fix ? 'warn' : 'log', '.']],
  ['unused code', bin('knip'), ['--directory', root, '--no-progress']],
  ['import circles', process.execPath, [resolve(here, 'cycles.js')]],
  [
    'house rules',
    process.execPath,
    [resolve(here, 'node_modules/eslint/bin/eslint.js'), '-c', resolve(here, 'eslint.config.js'), ...args, '.'],
  ],
];
let failed = 0;
for (const [name, cmd, argv] of steps) {
  const run = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.error(`lint: ${name} failed${name === 'format' ? ' (npm run lint -- --fix formats every file)' : ''}.`);
  }
}
process.exit(failed ? 1 : 0);
