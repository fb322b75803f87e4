/**
 * The built app on a free port, for measurements (`npm run lighthouse`): the simulators, a fresh
 * embedded database under a temporary DATA_DIR with the sample data, and `node apps/api/dist/server.js`
 * as `npm start` runs them (in development mode: production insists on an https APP_URL). Builds
 * nothing: `npm run build` first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { providerVariables, startSimulators } from '@tradelist/simulators/start';
import { DEFAULT_STRIPE_SECRET_KEY, DEFAULT_STRIPE_WEBHOOK_SECRET } from '@tradelist/simulators/stripe';
import { waitForOurServer } from './wait-for-our-server.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The files `npm run build` makes that the server needs; missing ones are named. */
export function missingBuildOutputs(): string[] {
  return ['apps/web/dist/index.html', 'apps/web/dist-server/entry-site-server.js', 'apps/api/dist/server.js', 'apps/api/dist/cli.js'].filter(
    (file) => !existsSync(path.join(root, file)),
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface BuiltServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the simulators and the built server; `stop()` ends both and removes the data. */
export async function startBuiltServer(): Promise<BuiltServer> {
  const missing = missingBuildOutputs();
  if (missing.length > 0) throw new Error(`The app is not built (missing ${missing.join(', ')}): run \`npm run build\` first.`);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const simulators = await startSimulators({ smtpPort: 0, inboxPort: 0, googlePort: 0, stripeWebhookUrl: `${url}/api/stripe/webhook/` });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-measure-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...providerVariables(simulators),
    SMTP_URL: simulators.smtp.smtpUrl,
    GOOGLE_CLIENT_ID: simulators.google.clientId,
    GOOGLE_CERTS_URL: simulators.google.certsUrl,
    GOOGLE_GSI_SCRIPT_URL: simulators.google.gsiScriptUrl,
    STRIPE_API_URL: simulators.stripe.url,
    STRIPE_SECRET_KEY: DEFAULT_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: DEFAULT_STRIPE_WEBHOOK_SECRET,
    LOG_LEVEL: 'warn',
  };
  const stopAll = async () => {
    await simulators.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const seeded = spawnSync('node', ['apps/api/dist/cli.js', 'seed'], { cwd: root, env, encoding: 'utf8' });
  if (seeded.status !== 0) {
    await stopAll();
    throw new Error(`Loading the sample data failed:\n${seeded.stdout}${seeded.stderr}`);
  }
  const server = spawn('node', ['apps/api/dist/server.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const wait = await waitForOurServer(url, server, { appUrl: url }, 60_000);
  if (wait.outcome !== 'ready') {
    server.kill('SIGTERM');
    await stopAll();
    throw new Error(`The server did not start (${wait.outcome}):\n${log}`);
  }
  return {
    url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(undefined)));
      await stopAll();
    },
  };
}
