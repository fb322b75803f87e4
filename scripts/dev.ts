/**
 * `npm run dev`: the same simulators and sample data as `npm start`, with the server reloading
 * on change (tsx watch, port 3001) behind the Vite dev server (port 3000, proxies /api).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { explainSimulatorStartError, simulatorPortsFromEnv } from '@tradelist/simulators/ports-from-env';
import { providerVariables, startSimulators, type Simulators } from '@tradelist/simulators/start';
import { DEFAULT_STRIPE_SECRET_KEY, DEFAULT_STRIPE_WEBHOOK_SECRET } from '@tradelist/simulators/stripe';
import { resolveDataDir } from '../apps/api/src/config/env.ts';
import { listenErrorMessage } from '../apps/api/src/lib/listen-error.ts';
import { checkPortFree } from './check-port-free.ts';

const root = new URL('..', import.meta.url).pathname;
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env: NodeJS.ProcessEnv = { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}` };
// A relative DATA_DIR is the user's, typed where they ran npm (INIT_CWD); the children get it absolute.
env.DATA_DIR = resolveDataDir(process.env.DATA_DIR);

for (const [variable, value] of [['PORT', webPort], ['API_PORT', apiPort]] as const) {
  const taken = await checkPortFree(process.env.HOST || '127.0.0.1', Number(value));
  const explained = taken && listenErrorMessage(taken, { host: process.env.HOST || '127.0.0.1', port: Number(value) });
  if (explained) {
    console.error(explained.replace('Set PORT', `Set ${variable}`));
    process.exit(1);
  }
}

// As in `npm start`: with STRIPE_API_URL unset the app talks to the Stripe simulator.
const stripeSimulated = !env.STRIPE_API_URL;
if (stripeSimulated) {
  env.STRIPE_SECRET_KEY ||= DEFAULT_STRIPE_SECRET_KEY;
  env.STRIPE_WEBHOOK_SECRET ||= DEFAULT_STRIPE_WEBHOOK_SECRET;
}

let simulators: Simulators;
try {
  simulators = await startSimulators({
    ...simulatorPortsFromEnv(process.env),
    inboxDir: path.join(env.DATA_DIR, 'simulators', 'inbox'),
    providerDataDir: path.join(env.DATA_DIR, 'simulators'),
    stripeDataDir: path.join(env.DATA_DIR, 'simulators', 'stripe'),
    ...(stripeSimulated ? { stripeWebhookUrl: `${env.APP_URL!.replace(/\/+$/, '')}/api/stripe/webhook/`, stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET } : { stripePort: 0 }),
  });
} catch (error) {
  const explained = explainSimulatorStartError(error);
  if (explained === undefined) throw error;
  console.error(explained);
  process.exit(1);
}
env.SMTP_URL ??= simulators.smtp.smtpUrl;
env.GOOGLE_CLIENT_ID ??= simulators.google.clientId;
env.GOOGLE_CERTS_URL ??= simulators.google.certsUrl;
env.GOOGLE_GSI_SCRIPT_URL ??= simulators.google.gsiScriptUrl;
for (const [variable, value] of Object.entries(providerVariables(simulators))) env[variable] ??= value;
if (stripeSimulated) env.STRIPE_API_URL = simulators.stripe.url;

const seeded = spawnSync('npx', ['tsx', 'apps/api/src/cli.ts', 'seed'], { cwd: root, stdio: 'inherit', env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const children: ChildProcess[] = [
  // The public site's pages are rendered from source by the server (through Vite), behind Vite's proxy.
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit', env: { ...env, WEB_SITE_FROM_SOURCE: '1' } }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], {
    cwd: `${root}apps/web`,
    stdio: 'inherit',
    env: { ...env, WEB_PORT: webPort, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];
console.log(`Dev: app ${env.APP_URL}, inbox ${simulators.smtp.inboxUrl}, Google simulator ${simulators.google.url}, QuickBooks simulator ${simulators.quickbooks.url}, Jobber simulator ${simulators.jobber.url}, Stripe simulator ${simulators.stripe.url}`);
const stop = async () => {
  for (const child of children) child.kill('SIGTERM');
  await simulators.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
