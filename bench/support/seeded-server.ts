import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A server started for one benchmark, and how to stop it (its data folder goes with it). */
export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server of the checkout at `root` (apps/api/dist) on a fresh data folder (or on
 * DATABASE_URL when set) with the sample data, rate limits lifted, and waits until it answers.
 */
export async function startSeededServer(root: string, name: string): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tradelist-bench-${name}-`));
  const port = String(3800 + Math.floor(Math.random() * 190));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
    // On DATABASE_URL the processes need their secrets given (config/env.ts): the seed and the server share these.
    SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('base64url'),
    TOKEN_ENCRYPTION_KEY: process.env.TOKEN_ENCRYPTION_KEY || `bench:${randomBytes(32).toString('base64')}`,
  };
  const seeded = spawnSync(process.execPath, ['apps/api/dist/cli.js', 'seed'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (seeded.status !== 0) throw new Error('seed failed');
  const server: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !(await fetch(`${url}/api/config/`).then((r) => r.ok, () => false)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
