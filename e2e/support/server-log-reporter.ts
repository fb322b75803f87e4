import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Keeps the server's output (written to E2E_SERVER_LOG by global-setup) off the console while
 * tests pass, and prints the part written during a test that failed, so a passing run shows
 * only results and the warnings a test provokes on purpose are asserted, not shown.
 */
export default class ServerLogReporter implements Reporter {
  /** How much of the log belongs to tests already reported. */
  private reportedUpTo = 0;

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = process.env.E2E_SERVER_LOG;
    if (!file || !existsSync(file)) return;
    const size = statSync(file).size;
    // One worker runs the tests in turn, so what the server wrote since the last test is this test's.
    const from = Math.min(this.reportedUpTo, size);
    this.reportedUpTo = size;
    if (result.status === test.expectedStatus) return;
    const output = readFileSync(file).subarray(from, size).toString('utf8').trimEnd();
    process.stderr.write(
      `\n--- server output during "${test.titlePath().slice(1).join(' › ')}" ---\n${output || '(none)'}\n--- end of server output ---\n\n`,
    );
  }
}
