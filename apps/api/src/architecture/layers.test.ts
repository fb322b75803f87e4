import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (relative to the repository), returning the layer errors. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// `npm run lint` enforces the layers of docs/architecture.md; these cases prove each rule bites.
describe('the lint configuration enforces the API layers', { timeout: 60_000 }, () => {
  test('a route importing a repository fails', async () => {
    const errors = await layerErrors('apps/api/src/modules/catalog/routes.ts', "import { listCategories } from './repositories/catalog.ts';\nvoid listCategories;\n");
    expect(errors).toEqual([expect.stringContaining('Routes call one service')]);
  });

  test('any file that registers routes importing any repository fails, a platform one included', async () => {
    const jobs = await layerErrors('apps/api/src/modules/accounts/operator-routes.ts', "import { insertJob } from '../../jobs/jobs-repository.ts';\nvoid insertJob;\n");
    expect(jobs).toEqual([expect.stringContaining('Routes call one service')]);
    const other = await layerErrors('apps/api/src/http/config-routes.ts', "import { deleteSession } from '../security/sessions-repository.ts';\nvoid deleteSession;\n");
    expect(other).toEqual([expect.stringContaining('Routes call one service')]);
  });

  test("a module importing another module's repository, service, presenter or routes fails; its index.ts passes", async () => {
    const file = 'apps/api/src/modules/sync/services/example.ts';
    for (const target of ['repositories/catalog.ts', 'services/list-catalog.ts', 'presenters/catalog.ts', 'routes.ts']) {
      const errors = await layerErrors(file, `import { x } from '../../catalog/${target}';\nvoid x;\n`);
      expect(errors).toEqual([expect.stringContaining('uses the catalog module only through its index.ts')]);
    }
    expect(await layerErrors(file, "import type { ProductForFile } from '../../catalog/index.ts';\nexport type P = ProductForFile;\n")).toEqual([]);
  });

  test('a domain service importing the sample data fails', async () => {
    const errors = await layerErrors('apps/api/src/modules/catalog/services/example.ts', "import { electricalEditions } from '../../../db/sample/editions.ts';\nvoid electricalEditions;\n");
    expect(errors).toEqual([expect.stringContaining('sample data')]);
  });

  test('platform code importing a module fails', async () => {
    const errors = await layerErrors('apps/api/src/security/example.ts', "import { logIn } from '../modules/accounts/services/log-in.ts';\nvoid logIn;\n");
    expect(errors).toEqual([expect.stringContaining('Platform code')]);
  });

  test('application code importing a simulator fails', async () => {
    const errors = await layerErrors('apps/api/src/modules/accounts/services/example.ts', "import { startSimulators } from '@tradelist/simulators/start';\nvoid startSimulators;\n");
    expect(errors.length).toBeGreaterThan(0);
  });

  test('a route importing its service passes', async () => {
    const errors = await layerErrors('apps/api/src/modules/catalog/routes.ts', "import { listAllCategories } from './services/list-catalog.ts';\nvoid listAllCategories;\n");
    expect(errors).toEqual([]);
  });
});

describe('the lint configuration enforces the web app layers', { timeout: 60_000 }, () => {
  test('a layout importing a feature fails', async () => {
    const errors = await layerErrors('apps/web/src/components/layouts/footer.tsx', "import { useMe } from '../../features/auth/api/get-me';\nvoid useMe;\n");
    expect(errors).toEqual([expect.stringContaining('do not import features')]);
  });

  test("a feature reaching into another feature's files fails, its index passes", async () => {
    const inside = await layerErrors('apps/web/src/features/catalog/components/example.tsx', "import { getPublicConfig } from '../../config/api/get-public-config';\nvoid getPublicConfig;\n");
    expect(inside).toEqual([expect.stringContaining('only through its index.ts')]);
    const throughIndex = await layerErrors('apps/web/src/features/catalog/components/example.tsx', "import { usePublicConfig } from '../../config/index.ts';\nvoid usePublicConfig;\n");
    expect(throughIndex).toEqual([]);
  });
});
