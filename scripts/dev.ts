/**
 * `npm run dev`: the same simulators and sample data as `npm start`, with the server reloading
 * on change (tsx watch, port 3001) behind the Vite dev server (port 3000, proxies /api).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { startSimulators } from '@tradelist/simulators/start';

const root = new URL('..', import.meta.url).pathname;
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env: NodeJS.ProcessEnv = { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}` };

const simulators = await startSimulators({
  smtpPort: Number(process.env.SIM_SMTP_PORT ?? 2525),
  inboxPort: Number(process.env.SIM_INBOX_PORT ?? 3025),
  googlePort: Number(process.env.SIM_GOOGLE_PORT ?? 3030),
});
env.SMTP_URL ??= simulators.smtp.smtpUrl;
env.GOOGLE_CLIENT_ID ??= simulators.google.clientId;
env.GOOGLE_CERTS_URL ??= simulators.google.certsUrl;
env.GOOGLE_GSI_SCRIPT_URL ??= simulators.google.gsiScriptUrl;

const seeded = spawnSync('npx', ['tsx', 'apps/api/src/cli.ts', 'seed'], { cwd: root, stdio: 'inherit', env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], {
    cwd: `${root}apps/web`,
    stdio: 'inherit',
    env: { ...env, WEB_PORT: webPort, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];
console.log(`Dev: app ${env.APP_URL}, inbox ${simulators.smtp.inboxUrl}, Google simulator ${simulators.google.url}`);
const stop = async () => {
  for (const child of children) child.kill('SIGTERM');
  await simulators.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
