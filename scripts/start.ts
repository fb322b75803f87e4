/**
 * `npm start`: the embedded default. Starts the simulators (SMTP with a web inbox, Google
 * sign-in, QuickBooks Online, Jobber, Stripe) for every provider variable left unset, builds the web app and the server, migrates
 * and loads the sample data into PGlite under DATA_DIR, then runs the server and, once it
 * answers, prints where everything is. Data and the mail inbox persist across starts.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  explainSimulatorStartError,
  SIMULATOR_PORT_VARIABLES,
  simulatorPortsFromEnv,
} from '@tradelist/simulators/ports-from-env';
import { providerVariables, startSimulators, type Simulators } from '@tradelist/simulators/start';
import { DEFAULT_STRIPE_SECRET_KEY, DEFAULT_STRIPE_WEBHOOK_SECRET } from '@tradelist/simulators/stripe';
import { preparePrivateDataDir } from '../apps/api/src/config/data-dir.ts';
import { resolveDataDir } from '../apps/api/src/config/env.ts';
import { demoAccounts } from '../apps/api/src/db/seed.ts';
import { listenErrorMessage } from '../apps/api/src/lib/listen-error.ts';
import { checkPortFree } from './check-port-free.ts';
import { waitForOurServer } from './wait-for-our-server.ts';

/** Migrations and the embedded database's start take seconds; a minute without an answer is a fault. */
const SERVER_ANSWER_TIMEOUT_MS = 60_000;

const root = new URL('..', import.meta.url).pathname;
const env: NodeJS.ProcessEnv = { ...process.env };
env.PORT ||= '3000';
env.HOST ||= '127.0.0.1';
env.APP_URL ||= `http://localhost:${env.PORT}`;
// A relative DATA_DIR is the user's, typed where they ran npm (INIT_CWD); the children get it absolute.
env.DATA_DIR = resolveDataDir(process.env.DATA_DIR);
const dataDir = env.DATA_DIR;
// DATA_DIR (the database, the simulators' data, the inbox) is private, and nothing this command
// or the processes it starts create is writable by group or others (docs/decisions/0023).
preparePrivateDataDir(dataDir);

let simulators: Simulators | undefined;

/** Prints one line on stderr and stops, releasing the simulators' ports. */
async function fail(message: string): Promise<never> {
  console.error(message);
  await simulators?.close();
  process.exit(1);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = Number(env.PORT);
if (!/^\d+$/.test(env.PORT) || port > 65535) await fail(`PORT must be a port number (0 to 65535), got "${env.PORT}"`);

// Every port this command opens, by the variable that sets it; two the same would take each other's.
let simulatorPorts: ReturnType<typeof simulatorPortsFromEnv>;
try {
  simulatorPorts = simulatorPortsFromEnv(env);
} catch (error) {
  await fail(explainSimulatorStartError(error) ?? String(error));
  throw error;
}
const ports: [string, number][] = [
  ['PORT', port],
  [SIMULATOR_PORT_VARIABLES.smtp.variable, simulatorPorts.smtpPort],
  [SIMULATOR_PORT_VARIABLES.inbox.variable, simulatorPorts.inboxPort],
  [SIMULATOR_PORT_VARIABLES.google.variable, simulatorPorts.googlePort],
  [SIMULATOR_PORT_VARIABLES.quickbooks.variable, simulatorPorts.qboPort],
  [SIMULATOR_PORT_VARIABLES.jobber.variable, simulatorPorts.jobberPort],
  [SIMULATOR_PORT_VARIABLES.stripe.variable, simulatorPorts.stripePort],
];
for (const [variable, value] of ports) {
  const clash = ports.find(([other, otherValue]) => other !== variable && otherValue === value && value !== 0);
  if (clash) await fail(`${variable} and ${clash[0]} are both ${value}: give each its own port.`);
}

const portTaken = await checkPortFree(env.HOST, port);
if (portTaken) await fail(listenErrorMessage(portTaken, { host: env.HOST, port }) ?? String(portTaken));

// With STRIPE_API_URL unset the app talks to the Stripe simulator, which signs its events with the app's secret.
const stripeSimulated = !env.STRIPE_API_URL;
if (stripeSimulated) {
  env.STRIPE_SECRET_KEY ||= DEFAULT_STRIPE_SECRET_KEY;
  env.STRIPE_WEBHOOK_SECRET ||= DEFAULT_STRIPE_WEBHOOK_SECRET;
}
const stripeWebhookUrl = `${env.APP_URL.replace(/\/+$/, '')}/api/stripe/webhook/`;

try {
  simulators = await startSimulators({
    ...simulatorPorts,
    inboxDir: path.join(dataDir, 'simulators', 'inbox'),
    providerDataDir: path.join(dataDir, 'simulators'),
    stripeDataDir: path.join(dataDir, 'simulators', 'stripe'),
    // Pointed elsewhere (stripe-mock, say), the simulator keeps out of the way on a free port.
    ...(stripeSimulated ? { stripeWebhookUrl, stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET } : { stripePort: 0 }),
  });
} catch (error) {
  const explained = explainSimulatorStartError(error);
  if (explained === undefined) throw error;
  await fail(explained);
}
const sims = simulators!;
env.SMTP_URL ??= sims.smtp.smtpUrl;
env.GOOGLE_CLIENT_ID ??= sims.google.clientId;
env.GOOGLE_CERTS_URL ??= sims.google.certsUrl;
env.GOOGLE_GSI_SCRIPT_URL ??= sims.google.gsiScriptUrl;
for (const [variable, value] of Object.entries(providerVariables(sims))) env[variable] ??= value;
if (stripeSimulated) env.STRIPE_API_URL = sims.stripe.url;

if (process.argv.includes('--no-build') === false) run('npm', ['run', 'build', '--silent']);
run('node', ['apps/api/dist/cli.js', 'seed']);

const server = spawn('node', ['apps/api/dist/server.js'], { cwd: root, stdio: 'inherit', env });
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  stopping = true;
  server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// A wildcard address is reached on loopback.
const probeHost = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST === '::' ? '::1' : env.HOST;
const probeUrl = `http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${port}`;
const started = await waitForOurServer(probeUrl, server, { appUrl: env.APP_URL.replace(/\/+$/, '') }, SERVER_ANSWER_TIMEOUT_MS);
if (started.outcome !== 'ready') {
  if (stopping) {
    await sims.close();
    process.exit(0);
  }
  if (started.outcome === 'timeout') {
    server.kill('SIGTERM');
    await fail(`Tradelist did not answer at ${probeUrl}/api/config/ within ${SERVER_ANSWER_TIMEOUT_MS / 1000} s; stopped it.`);
  }
  await fail(`Tradelist did not start (the server exited with code ${started.outcome === 'exited' ? started.code : '?'}); see the message above.`);
}
server.on('exit', async (code) => {
  await sims.close();
  process.exit(stopping ? 0 : (code ?? 1));
});

console.log(`
  Tradelist is running at   ${env.APP_URL}
  Mail inbox (SMTP sim.)    ${sims.smtp.inboxUrl}   (SMTP ${env.SMTP_URL})
  Google sign-in simulator  ${sims.google.url}   (client id ${env.GOOGLE_CLIENT_ID})
  QuickBooks simulator      ${sims.quickbooks.url}   (companies and their items)
  Jobber simulator          ${sims.jobber.url}   (accounts and their products and services)
  Stripe simulator          ${sims.stripe.url}   (${stripeSimulated ? `webhooks to ${stripeWebhookUrl}` : `not used: STRIPE_API_URL is ${env.STRIPE_API_URL}`})
  Data                      ${dataDir}${env.DATABASE_URL ? '   (database: PostgreSQL at DATABASE_URL)' : '   (PGlite database, mail inbox, simulators)'}
  Demo accounts:
${demoAccounts.map((a) => `    ${a.email.padEnd(24)} ${a.password.padEnd(26)} (${a.subscription ? `${a.role}, ${a.subscription} subscription` : a.role})`).join('\n')}
  Each request is logged with LOG_LEVEL=debug. Stop with Ctrl+C.
`);
