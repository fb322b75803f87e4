/**
 * `npm start`: the embedded default. Builds the web app and the server, starts the simulators
 * (SMTP with a web inbox, Google sign-in) for every provider variable left unset, migrates and
 * loads the sample data into PGlite under DATA_DIR, then runs the server and prints where
 * everything is. Data persists across starts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { startSimulators } from '@tradelist/simulators/start';
import { demoAccounts } from '../apps/api/src/db/seed.ts';

const root = new URL('..', import.meta.url).pathname;
const env: NodeJS.ProcessEnv = { ...process.env };
env.PORT ??= '3000';
env.APP_URL ??= `http://localhost:${env.PORT}`;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv.includes('--no-build') === false) run('npm', ['run', 'build', '--silent']);

const simulators = await startSimulators({
  smtpPort: Number(env.SIM_SMTP_PORT ?? 2525),
  inboxPort: Number(env.SIM_INBOX_PORT ?? 3025),
  googlePort: Number(env.SIM_GOOGLE_PORT ?? 3030),
});
env.SMTP_URL ??= simulators.smtp.smtpUrl;
env.GOOGLE_CLIENT_ID ??= simulators.google.clientId;
env.GOOGLE_CERTS_URL ??= simulators.google.certsUrl;
env.GOOGLE_GSI_SCRIPT_URL ??= simulators.google.gsiScriptUrl;

run('node', ['apps/api/dist/cli.js', 'seed']);

const server = spawn('node', ['apps/api/dist/server.js'], { cwd: root, stdio: 'inherit', env });
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  stopping = true;
  server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', async (code) => {
  await simulators.close();
  process.exit(stopping ? 0 : (code ?? 1));
});

for (let attempt = 0; attempt < 100; attempt++) {
  const ok = await fetch(`http://127.0.0.1:${env.PORT}/api/config/`).then((r) => r.ok, () => false);
  if (ok) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

console.log(`
  Tradelist is running at   ${env.APP_URL}
  Mail inbox (SMTP sim.)    ${simulators.smtp.inboxUrl}   (SMTP ${env.SMTP_URL})
  Google sign-in simulator  ${simulators.google.url}   (client id ${env.GOOGLE_CLIENT_ID})
  Data                      ${env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${env.DATA_DIR ?? './data'}`}
  Demo accounts:
${demoAccounts.map((a) => `    ${a.email.padEnd(24)} ${a.password.padEnd(26)} (${a.subscription ? `${a.role}, ${a.subscription} subscription` : a.role})`).join('\n')}
  Stop with Ctrl+C.
`);
