import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: Debian's when installed, else the one shipped inside the
 * @sparticuz/chromium npm package (Playwright's own browser download cannot run here).
 */
export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const packaged = await import('@sparticuz/chromium');
  return packaged.default.executablePath();
}

/** Flags for a headless Chromium on a machine without a network or a sandbox. */
export const chromiumArgs = ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'];
