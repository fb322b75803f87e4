import { spawn } from 'node:child_process';
import { describe, expect, test } from 'vitest';

/** Credentials the live check reads; removed so the check sees none. */
const CREDENTIALS = ['QBO_CLIENT_ID', 'QBO_CLIENT_SECRET', 'JOBBER_CLIENT_ID', 'JOBBER_CLIENT_SECRET', 'STRIPE_SECRET_KEY', 'DATABASE_URL'];

/** Runs `npm run check:providers` (its script, with tsx) with `args`; answers its exit code and output. */
function runCheck(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CREDENTIALS.includes(name)));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-providers.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run check:providers (the live check)', () => {
  test('without credentials it skips each provider cleanly and exits 0', async () => {
    const { code, stdout, stderr } = await runCheck([]);
    expect(stderr).toBe('');
    expect(stdout.trim().split('\n')).toEqual(['QuickBooks Online: skipped: no credentials', 'Jobber: skipped: no credentials', 'Stripe (test mode): skipped: no credentials']);
    expect(code).toBe(0);
  }, 60_000);

  test('--against-simulators runs the same steps (connect, sync, read-back, disconnect; checkout, pay, cancel) against the local simulators', async () => {
    const { code, stdout, stderr } = await runCheck(['--against-simulators']);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^QuickBooks Online: PASSED: connected Sandbox Company US 1; synced 55 items \(55 created, 0 updated, 0 unchanged\); read back all unchanged; disconnected$/m);
    expect(stdout).toMatch(/^Jobber: PASSED: connected .+; synced 55 items \(55 created, 0 updated, 0 unchanged\); read back all unchanged; disconnected$/m);
    expect(stdout).toMatch(/^Stripe \(test mode\): PASSED: paid checkout cs_test_\w+; subscription sub_\w+ set to end with its period at Stripe$/m);
    expect(code).toBe(0);
  }, 180_000);
});
