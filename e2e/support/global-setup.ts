import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { providerVariables, startSimulators } from '@tradelist/simulators/start';
import { DEFAULT_STRIPE_SECRET_KEY, DEFAULT_STRIPE_WEBHOOK_SECRET } from '@tradelist/simulators/stripe';
import { chromiumExecutable } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

async function waitForServer(url: string, server: ChildProcess, logFile: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}:\n${readFileSync(logFile, 'utf8')}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer at ${url}:\n${readFileSync(logFile, 'utf8')}`);
}

/**
 * Builds the app, starts the simulators and the real server on a fresh embedded database, and
 * tells the tests where they are (environment variables reach the workers). The server's output
 * goes to a file (E2E_SERVER_LOG): tests read it to assert what it logged, and it is printed
 * only for a failed test (support/server-log-reporter.ts) or when the server stops on its own.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  // The address comes first: the Stripe simulator posts its signed events to the server's webhook.
  const port = String(3100 + Math.floor(Math.random() * 800));
  const appUrl = `http://localhost:${port}`;
  const simulators = await startSimulators({ smtpPort: 0, inboxPort: 0, googlePort: 0, stripeWebhookUrl: `${appUrl}/api/stripe/webhook/` });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-e2e-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    // QuickBooks Online and Jobber: the simulators' authorize, token, revoke and API URLs and client credentials.
    ...providerVariables(simulators),
    DATABASE_URL: '',
    SMTP_URL: simulators.smtp.smtpUrl,
    GOOGLE_CLIENT_ID: simulators.google.clientId,
    GOOGLE_CERTS_URL: simulators.google.certsUrl,
    GOOGLE_GSI_SCRIPT_URL: simulators.google.gsiScriptUrl,
    STRIPE_API_URL: simulators.stripe.url,
    STRIPE_SECRET_KEY: DEFAULT_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: DEFAULT_STRIPE_WEBHOOK_SECRET,
    LOG_LEVEL: 'warn',
    // The suite signs up dozens of accounts from one address, more than the hourly registration
    // limit allows; the limits themselves are tested in the API tier.
    RATE_LIMIT_SCALE: '10',
    // Known to the tests, which sign an email's unsubscribe link as the server does.
    SESSION_SECRET: sessionSecret,
  };
  const logFile = path.join(dataDir, 'server.log');
  const seeded = spawnSync('node', ['apps/api/dist/cli.js', 'seed'], { cwd: root, env, encoding: 'utf8' });
  appendFileSync(logFile, `${seeded.stdout}${seeded.stderr}`);
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${readFileSync(logFile, 'utf8')}`);
  // The child writes straight into the file, so nothing is lost or reordered in a pipe.
  const logFd = openSync(logFile, 'a');
  const server = spawn('node', ['apps/api/dist/server.js'], { cwd: root, env, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  let stopping = false;
  server.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`\nThe server stopped during the tests (code ${code}, signal ${signal}). Its output:\n${readFileSync(logFile, 'utf8')}\n`);
  });
  try {
    await waitForServer(`${appUrl}/api/config/`, server, logFile);
  } catch (error) {
    stopping = true;
    server.kill('SIGTERM');
    await simulators.close();
    throw error;
  }

  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_QBO_URL = simulators.quickbooks.url;
  process.env.E2E_JOBBER_URL = simulators.jobber.url;
  process.env.E2E_BASE_URL = appUrl;
  process.env.E2E_SESSION_SECRET = sessionSecret;
  process.env.E2E_INBOX_URL = simulators.smtp.inboxUrl;
  process.env.E2E_GOOGLE_URL = simulators.google.url;
  process.env.E2E_STRIPE_URL = simulators.stripe.url;
  process.env.CHROMIUM_PATH = await chromiumExecutable();

  return async () => {
    stopping = true;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await simulators.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
