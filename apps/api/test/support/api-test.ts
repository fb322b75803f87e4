import { afterAll, beforeAll } from 'vitest';
import { simulatorEnv, startSimulators, type Simulators } from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface ApiTestSetup {
  t: TestApp;
  /** The SMTP and Google simulators, when the file asked for them. */
  sims: Simulators;
}

/**
 * The one setup of an API test file: before its tests, the simulators (when asked) and the app
 * on a fresh migrated database pointed at them; after them, both closed in the right order.
 * `ready` receives the handles (assign them to the file's `let` variables).
 */
export function setUpApiTest(
  options: { simulators?: boolean; env?: Record<string, string>; site?: boolean },
  ready: (setup: ApiTestSetup) => unknown,
): void {
  let sims: Simulators | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (options.simulators) sims = await startSimulators();
    t = await createTestApp({ env: { ...(sims ? simulatorEnv(sims) : {}), ...options.env }, site: options.site });
    // A file without simulators never reads `sims`; the type keeps call sites simple.
    await ready({ t, sims: sims as Simulators });
  });
  afterAll(async () => {
    await t?.close();
    await sims?.close();
  });
}
