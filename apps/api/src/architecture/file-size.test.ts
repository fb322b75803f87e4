import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (relative to the repository), returning the size rules' errors. */
async function sizeErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines' || m.ruleId === 'max-lines-per-function').map((m) => m.ruleId!);
}

const longFunction = `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(80)}  return n;\n}\n`;
const longFile = `${Array.from({ length: 401 }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`;

// `npm run lint` keeps production files a person can enter; these cases prove the rules bite where they apply.
describe('the lint configuration limits the size of production code', { timeout: 60_000 }, () => {
  test('a function over 80 lines fails in the API, the web app, a package and a script', async () => {
    for (const file of ['apps/api/src/modules/catalog/services/example.ts', 'apps/web/src/features/catalog/example.tsx', 'packages/pricing/src/example.ts', 'scripts/example.ts']) {
      expect(await sizeErrors(file, longFunction)).toEqual(['max-lines-per-function']);
    }
  });

  test('a file over 400 lines fails', async () => {
    expect(await sizeErrors('packages/simulators/src/example.ts', longFile)).toEqual(['max-lines']);
  });

  test('tests and sample data are exempt', async () => {
    expect(await sizeErrors('apps/api/src/modules/catalog/test/example.api.test.ts', longFunction + longFile)).toEqual([]);
    expect(await sizeErrors('apps/api/src/db/sample/example.ts', longFunction + longFile)).toEqual([]);
  });
});
