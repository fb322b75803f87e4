// Starts every simulator together, for the dev launcher and end-to-end tests.
import { startGoogleSimulator, type GoogleSimulator } from './google.ts';
import { startSmtpSimulator, type SmtpSimulator } from './smtp.ts';
import { startStripeSimulator, type StripeSimulator } from './stripe.ts';

export interface SimulatorsOptions {
  /** Interface for every listener; default 127.0.0.1. */
  host?: string;
  /** SMTP port; 0 or omitted picks a free one. */
  smtpPort?: number;
  /** Web inbox port; 0 or omitted picks a free one. */
  inboxPort?: number;
  /** Google simulator port; 0 or omitted picks a free one. */
  googlePort?: number;
  googleClientId?: string;
  /** Folder that keeps the mail inbox across restarts; in memory only when omitted. */
  inboxDir?: string;
  /** Stripe simulator port; 0 or omitted picks a free one. */
  stripePort?: number;
  /** Folder that keeps the Stripe simulator's objects across restarts; in memory only when omitted. */
  stripeDataDir?: string;
  /** Where the Stripe simulator POSTs its events; no deliveries when omitted. */
  stripeWebhookUrl?: string;
  stripeWebhookSecret?: string;
}

export interface Simulators {
  smtp: SmtpSimulator;
  google: GoogleSimulator;
  stripe: StripeSimulator;
  close(): Promise<void>;
}

/**
 * Starts the SMTP, Google and Stripe simulators; if one fails to start, the others are shut down again. A
 * port that cannot be bound rejects with a SimulatorPortError naming the listener.
 */
export async function startSimulators(options: SimulatorsOptions = {}): Promise<Simulators> {
  const host = options.host ?? '127.0.0.1';
  const [smtpResult, googleResult, stripeResult] = await Promise.allSettled([
    startSmtpSimulator({
      host,
      smtpPort: options.smtpPort ?? 0,
      httpPort: options.inboxPort ?? 0,
      ...(options.inboxDir === undefined ? {} : { storageDir: options.inboxDir }),
    }),
    startGoogleSimulator({
      host,
      port: options.googlePort ?? 0,
      ...(options.googleClientId ? { clientId: options.googleClientId } : {}),
    }),
    startStripeSimulator({
      host,
      port: options.stripePort ?? 0,
      ...(options.stripeDataDir === undefined ? {} : { dataDir: options.stripeDataDir }),
      ...(options.stripeWebhookUrl === undefined ? {} : { webhookUrl: options.stripeWebhookUrl }),
      ...(options.stripeWebhookSecret === undefined ? {} : { webhookSecret: options.stripeWebhookSecret }),
    }),
  ]);
  if (smtpResult.status === 'rejected' || googleResult.status === 'rejected' || stripeResult.status === 'rejected') {
    // Do not leave a half-started set holding ports.
    await Promise.all([
      smtpResult.status === 'fulfilled' ? smtpResult.value.close() : undefined,
      googleResult.status === 'fulfilled' ? googleResult.value.close() : undefined,
      stripeResult.status === 'fulfilled' ? stripeResult.value.close() : undefined,
    ]);
    throw [smtpResult, googleResult, stripeResult].find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason;
  }
  const smtp = smtpResult.value;
  const google = googleResult.value;
  const stripe = stripeResult.value;
  return {
    smtp,
    google,
    stripe,
    close: async () => {
      await Promise.all([smtp.close(), google.close(), stripe.close()]);
    },
  };
}
