// `tsx packages/simulators/src/cli.ts`: runs the simulators in the foreground until interrupted.
import { explainSimulatorStartError, simulatorPortsFromEnv } from './ports-from-env.ts';
import { startSimulators } from './start.ts';

let simulators;
try {
  simulators = await startSimulators({
    host: process.env['SIM_HOST'] || '127.0.0.1',
    ...simulatorPortsFromEnv(process.env),
    ...(process.env['SIM_GOOGLE_CLIENT_ID'] ? { googleClientId: process.env['SIM_GOOGLE_CLIENT_ID'] } : {}),
    ...(process.env['SIM_STRIPE_WEBHOOK_URL'] ? { stripeWebhookUrl: process.env['SIM_STRIPE_WEBHOOK_URL'] } : {}),
    ...(process.env['STRIPE_WEBHOOK_SECRET'] ? { stripeWebhookSecret: process.env['STRIPE_WEBHOOK_SECRET'] } : {}),
  });
} catch (error) {
  const explained = explainSimulatorStartError(error);
  if (explained === undefined) throw error;
  console.error(explained);
  process.exit(1);
}

const { smtp, google, quickbooks, jobber, stripe } = simulators;
console.log(`SMTP simulator      ${smtp.smtpUrl}`);
console.log(`  web inbox         ${smtp.inboxUrl}/`);
console.log(`Google simulator    ${google.url}`);
console.log(`  client id         ${google.clientId}`);
console.log(`  JWKS              ${google.certsUrl}`);
console.log(`  GSI script        ${google.gsiScriptUrl}`);
console.log(`QuickBooks simulator ${quickbooks.url}   (authorize ${quickbooks.authorizeUrl})`);
console.log(`Jobber simulator    ${jobber.url}   (GraphQL ${jobber.graphqlUrl})`);
console.log(`Stripe simulator    ${stripe.url}   (webhooks to ${stripe.webhookUrl ?? 'nowhere: set SIM_STRIPE_WEBHOOK_URL'})`);

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
