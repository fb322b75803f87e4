import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const api = 'apps/api/src';

/** The API's domain modules: each is used by the others only through its `index.ts` (decision 0036). */
export const apiModules = ['accounts', 'billing', 'catalog', 'content', 'guide', 'mailings', 'operator', 'profile', 'sync'];

/** import-x/no-restricted-paths zones of the API: `target` files may not import `from` files. */
export const apiLayerZones = [
  {
    // Every file that registers routes, whatever its name, and every repository of a module or of the platform.
    target: [`${api}/app.ts`, `${api}/modules/*/routes.ts`, `${api}/modules/*/*-routes.ts`, `${api}/modules/*/routes/**`, `${api}/http/**`],
    from: [`${api}/**/repositories/**`, `${api}/**/*-repository.ts`],
    message: 'Routes call one service; repositories are reached through services.',
  },
  ...apiModules.flatMap((name) =>
    apiModules
      .filter((other) => other !== name)
      .map((other) => ({
        target: [`${api}/modules/${name}/**`],
        from: `${api}/modules/${other}`,
        except: ['./index.ts'],
        message: `The ${name} module uses the ${other} module only through its index.ts (its repositories, services, presenters and routes are its own).`,
      })),
  ),
  {
    target: [`${api}/modules/**`],
    from: [`${api}/db/sample/**`],
    message: 'Domain code does not depend on the sample data (the sample data may use domain rules).',
  },
  {
    target: [`${api}/audit/**`, `${api}/config/**`, `${api}/http/**`, `${api}/jobs/**`, `${api}/lib/**`, `${api}/mail/**`, `${api}/security/**`, `${api}/integrations/**`, `${api}/metrics/**`, `${api}/storage/**`],
    from: [`${api}/modules/**`],
    message: 'Platform code does not reach into domain modules; modules are composed in app.ts.',
  },
  {
    target: [`${api}/**`],
    from: ['packages/simulators/**'],
    message: 'Application code must not import the simulators.',
  },
];

const web = 'apps/web/src';
const webFeatures = ['auth', 'billing', 'catalog', 'config', 'dashboard', 'landing', 'guide', 'markups', 'operator', 'policies', 'profile', 'settings', 'sync', 'blog'];

/** Zones of the web app: shared components stay feature-free; features meet only through an index. */
export const webLayerZones = [
  {
    target: [`${web}/components/**`, `${web}/lib/**`, `${web}/config/**`],
    from: [`${web}/features/**`, `${web}/app/**`],
    message: 'Shared components, layouts and lib do not import features: the route modules in src/app pass feature parts in as props.',
  },
  ...webFeatures.flatMap((name) =>
    webFeatures
      .filter((other) => other !== name)
      .map((other) => ({
        target: [`${web}/features/${name}/**`],
        from: `${web}/features/${other}`,
        except: ['./index.ts'],
        message: `The ${name} feature uses the ${other} feature only through its index.ts.`,
      })),
  ),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '.tmp/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Application code never imports the simulators: it reaches providers through configured URLs.
    files: ['apps/**/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@tradelist/simulators/*'], message: 'Application code must not import the simulators.' }] }],
    },
  },
  {
    // Layers of the API, enforced (docs/architecture.md): routes call services, services hold
    // the rules, repositories hold SQL; platform code does not reach into domain modules.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiLayerZones }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webLayerZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Files a person can enter (docs/architecture.md): production code stays under 400 lines a
    // file and 80 lines a function. Tests and sample data are exempt.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/sample/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    files: ['packages/simulators/src/gsi-client.js'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
);
