// Starts every simulator together, for the dev launcher and end-to-end tests.
import { startGoogleSimulator, type GoogleSimulator } from './google.ts';
import { startSmtpSimulator, type SmtpSimulator } from './smtp.ts';

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
}

export interface Simulators {
  smtp: SmtpSimulator;
  google: GoogleSimulator;
  close(): Promise<void>;
}

/**
 * Starts the SMTP and Google simulators; if one fails to start, the other is shut down again. A
 * port that cannot be bound rejects with a SimulatorPortError naming the listener.
 */
export async function startSimulators(options: SimulatorsOptions = {}): Promise<Simulators> {
  const host = options.host ?? '127.0.0.1';
  const [smtpResult, googleResult] = await Promise.allSettled([
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
  ]);
  if (smtpResult.status === 'rejected' || googleResult.status === 'rejected') {
    // Do not leave a half-started set holding ports.
    await Promise.all([
      smtpResult.status === 'fulfilled' ? smtpResult.value.close() : undefined,
      googleResult.status === 'fulfilled' ? googleResult.value.close() : undefined,
    ]);
    throw smtpResult.status === 'rejected' ? smtpResult.reason : (googleResult as PromiseRejectedResult).reason;
  }
  const smtp = smtpResult.value;
  const google = googleResult.value;
  return {
    smtp,
    google,
    close: async () => {
      await Promise.all([smtp.close(), google.close()]);
    },
  };
}
