import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';

/** How a wait for the server ended. */
export type ServerWait = { outcome: 'ready' } | { outcome: 'exited'; code: number | null } | { outcome: 'timeout' };

/**
 * Polls `{baseUrl}/api/config/` until the server we started answers, and tells it apart from
 * another program on the same port: our server echoes the random x-request-id it is sent and
 * reports the APP_URL we gave it. Gives up when the child exits or after `timeoutMs`.
 */
export async function waitForOurServer(
  baseUrl: string,
  child: ChildProcess,
  expected: { appUrl: string },
  timeoutMs: number,
): Promise<ServerWait> {
  const deadline = Date.now() + timeoutMs;
  const exited = new Promise<ServerWait>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ outcome: 'exited', code: child.exitCode });
    child.once('exit', (code) => resolve({ outcome: 'exited', code }));
  });
  while (Date.now() < deadline) {
    const attempt = answersAsOurs(baseUrl, expected.appUrl, Math.max(1, Math.min(2_000, deadline - Date.now())));
    const result = await Promise.race([attempt.then((ours) => (ours ? ({ outcome: 'ready' } as const) : undefined)), exited]);
    if (result) return result;
    const pause = new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = await Promise.race([pause.then(() => undefined), exited]);
    if (stopped) return stopped;
  }
  return { outcome: 'timeout' };
}

async function answersAsOurs(baseUrl: string, appUrl: string, timeoutMs: number): Promise<boolean> {
  const requestId = `start-${randomBytes(12).toString('hex')}`;
  try {
    const response = await fetch(`${baseUrl}/api/config/`, {
      headers: { 'x-request-id': requestId },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200 || response.headers.get('x-request-id') !== requestId) return false;
    const body = (await response.json()) as { app_url?: unknown };
    return body.app_url === appUrl;
  } catch {
    // Not listening yet, another program that does not speak JSON, or too slow: not ready.
    return false;
  }
}
