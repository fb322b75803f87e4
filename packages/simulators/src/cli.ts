// `tsx packages/simulators/src/cli.ts`: runs the simulators in the foreground until interrupted.
import { startSimulators } from './start.ts';

/** Reads a port from the environment, failing loudly on garbage rather than picking a random one. */
function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return port;
}

const simulators = await startSimulators({
  host: process.env['SIM_HOST'] || '127.0.0.1',
  smtpPort: portFromEnv('SIM_SMTP_PORT', 2525),
  inboxPort: portFromEnv('SIM_INBOX_PORT', 3025),
  googlePort: portFromEnv('SIM_GOOGLE_PORT', 3030),
  ...(process.env['SIM_GOOGLE_CLIENT_ID'] ? { googleClientId: process.env['SIM_GOOGLE_CLIENT_ID'] } : {}),
});

const { smtp, google } = simulators;
console.log(`SMTP simulator      ${smtp.smtpUrl}`);
console.log(`  web inbox         ${smtp.inboxUrl}/`);
console.log(`Google simulator    ${google.url}`);
console.log(`  client id         ${google.clientId}`);
console.log(`  JWKS              ${google.certsUrl}`);
console.log(`  GSI script        ${google.gsiScriptUrl}`);

let stopping = false;
const stop = (signal: NodeJS.Signals): void => {
  if (stopping) {
    // A second Ctrl+C means "now".
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal} received, stopping simulators…`);
  simulators.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
