// A simulator that cannot listen says which one and which port, so a launcher can name the
// variable that moves it instead of showing a raw EADDRINUSE stack trace.

/** The simulators' listeners. */
export type SimulatorListener = 'smtp' | 'inbox' | 'google' | 'stripe' | 'quickbooks' | 'jobber';

const LISTENER_NAMES: Record<SimulatorListener, string> = {
  smtp: 'SMTP simulator',
  inbox: 'mail inbox (SMTP simulator)',
  google: 'Google sign-in simulator',
  stripe: 'Stripe simulator',
  quickbooks: 'QuickBooks Online simulator',
  jobber: 'Jobber simulator',
};

/** A listener could not bind its port: taken by another program, or not allowed. */
export class SimulatorPortError extends Error {
  override name = 'SimulatorPortError';

  constructor(
    readonly listener: SimulatorListener,
    readonly host: string,
    readonly port: number,
    readonly code: string,
  ) {
    super(
      `The ${LISTENER_NAMES[listener]} cannot listen on ${host}:${port}: ${
        code === 'EADDRINUSE' ? 'the port is already in use by another program' : `the port is not available (${code})`
      }`,
    );
  }
}

/** Turns a failed listen into a SimulatorPortError naming the listener; other errors pass unchanged. */
export function portErrorFor(listener: SimulatorListener, host: string, port: number, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    return new SimulatorPortError(listener, host, port, code);
  }
  return error;
}
