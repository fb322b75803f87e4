import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, test } from 'vitest';
import { listModuleImports, moduleCycles, moduleDependencies, modulesDir } from './module-graph.ts';

describe('the API modules import each other without cycles', () => {
  test('no cycle between modules, directly or through others', () => {
    expect(moduleCycles(moduleDependencies(listModuleImports()))).toEqual([]);
  });

  test('every module folder has its lint zone', { timeout: 60_000 }, async () => {
    const root = path.resolve(modulesDir, '../../../..');
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile(path.join(modulesDir, 'catalog/services/example.ts'))) as {
      rules: Record<string, [unknown, { zones: Array<{ target: string[] }> }]>;
    };
    const fenced = new Set(config.rules['import-x/no-restricted-paths']![1].zones.flatMap((zone) => zone.target.map((target) => /\/modules\/(\w+)\/\*\*$/.exec(target)?.[1])));
    const folders = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((name) => !fenced.has(name))).toEqual([]);
  });
});

describe('the cycle check bites', () => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'module-graph-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  /** Writes `files` (path → source) under the fixture's modules folder. */
  function write(files: Record<string, string>): void {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      writeFileSync(path.join(fixture, file), source);
    }
  }

  test('a longer cycle through three modules is found, type imports and re-exports included; tests are left out', () => {
    write({
      'a/index.ts': "export { b } from './services/b.ts';\n",
      'a/services/b.ts': "import { c } from '../../b/index.ts';\nexport const b = c;\n",
      'b/index.ts': "import type { D } from '../c/services/d.ts';\nexport const c: D = 1;\n",
      'c/services/d.ts': "export type { A } from '../../a/index.ts';\nexport type D = number;\n",
      'c/services/d.test.ts': "import { c } from '../../b/index.ts';\nvoid c;\n",
      'c/test/e.api.test.ts': "import { c } from '../../b/index.ts';\nvoid c;\n",
    });
    const imports = listModuleImports(fixture);
    expect(imports.map(({ from, to, target }) => `${from} → ${to}/${target}`).sort()).toEqual(['a → b/index.ts', 'b → c/services/d.ts', 'c → a/index.ts']);
    expect(moduleCycles(moduleDependencies(imports))).toEqual([['a', 'b', 'c']]);
  });

  test('two modules importing each other make a cycle of two; a one-way import none', () => {
    const graph = new Map([
      ['accounts', new Set(['billing', 'sync'])],
      ['billing', new Set(['accounts'])],
      ['sync', new Set<string>()],
    ]);
    expect(moduleCycles(graph)).toEqual([['accounts', 'billing']]);
    graph.set('billing', new Set());
    expect(moduleCycles(graph)).toEqual([]);
  });
});
