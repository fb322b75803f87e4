import { defineConfig } from 'vitest/config';

/**
 * Test tiers (docs/architecture.md, Tests): `unit` holds pure tests beside the code; `api` drives the
 * Fastify app through inject() against a migrated database (PGlite, or PostgreSQL when
 * DATABASE_URL is set). The browser tier runs under Playwright (e2e/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.api.test.ts'],
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: two files at a time keeps argon2 and PGlite from starving each other.
          maxWorkers: 2,
        },
      },
    ],
  },
});
