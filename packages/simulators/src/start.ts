// Starts every simulator together, for the dev launcher and end-to-end tests.
import { startGoogleSimulator, type GoogleSimulator } from './google.ts';
import { startJobberSimulator, type JobberSimulator } from './jobber.ts';
import { startQuickBooksSimulator, type QuickBooksSimulator } from './quickbooks.ts';
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
  /** QuickBooks Online simulator port; 0 or omitted picks a free one. */
  qboPort?: number;
  /** Jobber simulator port; 0 or omitted picks a free one. */
  jobberPort?: number;
  /** Folder that keeps the QuickBooks and Jobber simulators' companies, items and tokens; in memory only when omitted. */
  providerDataDir?: string;
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
  quickbooks: QuickBooksSimulator;
  jobber: JobberSimulator;
  stripe: StripeSimulator;
  close(): Promise<void>;
}

/**
 * Starts the SMTP, Google, QuickBooks, Jobber and Stripe simulators; if one fails to start, the others are shut down again. A
 * port that cannot be bound rejects with a SimulatorPortError naming the listener.
 */
export async function startSimulators(options: SimulatorsOptions = {}): Promise<Simulators> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = options.providerDataDir === undefined ? {} : { dataDir: options.providerDataDir };
  const [smtpResult, googleResult, quickbooksResult, jobberResult, stripeResult] = await Promise.allSettled([
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
    startQuickBooksSimulator({ host, port: options.qboPort ?? 0, ...dataDir }),
    startJobberSimulator({ host, port: options.jobberPort ?? 0, ...dataDir }),
    startStripeSimulator({
      host,
      port: options.stripePort ?? 0,
      ...(options.stripeDataDir === undefined ? {} : { dataDir: options.stripeDataDir }),
      ...(options.stripeWebhookUrl === undefined ? {} : { webhookUrl: options.stripeWebhookUrl }),
      ...(options.stripeWebhookSecret === undefined ? {} : { webhookSecret: options.stripeWebhookSecret }),
    }),
  ]);
  const results = [smtpResult, googleResult, quickbooksResult, jobberResult, stripeResult];
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    // Do not leave a half-started set holding ports.
    await Promise.all(results.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)));
    throw failed.reason;
  }
  const smtp = (smtpResult as PromiseFulfilledResult<SmtpSimulator>).value;
  const google = (googleResult as PromiseFulfilledResult<GoogleSimulator>).value;
  const quickbooks = (quickbooksResult as PromiseFulfilledResult<QuickBooksSimulator>).value;
  const jobber = (jobberResult as PromiseFulfilledResult<JobberSimulator>).value;
  const stripe = (stripeResult as PromiseFulfilledResult<StripeSimulator>).value;
  return {
    smtp,
    google,
    quickbooks,
    jobber,
    stripe,
    close: async () => {
      await Promise.all([smtp.close(), google.close(), quickbooks.close(), jobber.close(), stripe.close()]);
    },
  };
}

/**
 * The QuickBooks and Jobber configuration that points the server at the simulators (docs/running.md,
 * Configuration): authorize, token, revoke and API URLs, and the local client id and secret.
 */
export function providerVariables(sims: Pick<Simulators, 'quickbooks' | 'jobber'>): Record<string, string> {
  return {
    QBO_AUTHORIZE_URL: sims.quickbooks.authorizeUrl,
    QBO_TOKEN_URL: sims.quickbooks.tokenUrl,
    QBO_REVOKE_URL: sims.quickbooks.revokeUrl,
    QBO_API_URL: sims.quickbooks.url,
    QBO_CLIENT_ID: sims.quickbooks.clientId,
    QBO_CLIENT_SECRET: sims.quickbooks.clientSecret,
    JOBBER_AUTHORIZE_URL: sims.jobber.authorizeUrl,
    JOBBER_TOKEN_URL: sims.jobber.tokenUrl,
    JOBBER_API_URL: sims.jobber.graphqlUrl,
    JOBBER_CLIENT_ID: sims.jobber.clientId,
    JOBBER_CLIENT_SECRET: sims.jobber.clientSecret,
  };
}
