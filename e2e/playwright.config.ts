import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './support/chromium.ts';

/**
 * Browser tests: the real server (built, on a fresh PGlite database) and the simulators, driven
 * in Chromium. globalSetup exports the addresses as environment variables.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The second reporter prints the server's output for a failed test only (support/global-setup.ts).
  reporter: [['list'], ['./support/server-log-reporter.ts']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  outputDir: '../.tmp/e2e-results',
});
