/** The house lint (scripts/lint/eslint.config.js) run on a piece of code, for the tests of its rules. */
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');
const lintDir = join(root, 'scripts/lint');

/** The messages of the house lint for `code` as if it were the file at `path` (relative to the repository). */
export async function lint(path: string, code: string): Promise<string[]> {
  const require = createRequire(join(lintDir, 'package.json'));
  const { ESLint } = require('eslint') as typeof import('eslint');
  const eslint = new ESLint({ cwd: root, overrideConfigFile: join(lintDir, 'eslint.config.js') });
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.map((m) => m.message);
}
