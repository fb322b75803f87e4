// The environment variables that place the simulators (docs/running.md, "Simulators"), shared by
// `npm start`, `npm run dev` and the simulators' own command line.
import { SimulatorPortError, type SimulatorListener } from './port-error.ts';

/** Each listener's variable and default port. */
export const SIMULATOR_PORT_VARIABLES: Record<SimulatorListener, { variable: string; defaultPort: number }> = {
  smtp: { variable: 'SIM_SMTP_PORT', defaultPort: 2525 },
  inbox: { variable: 'SIM_INBOX_PORT', defaultPort: 3025 },
  google: { variable: 'SIM_GOOGLE_PORT', defaultPort: 3030 },
  // stripe-mock's port, so tools made for it find the simulator.
  stripe: { variable: 'SIM_STRIPE_PORT', defaultPort: 12111 },
  quickbooks: { variable: 'SIM_QBO_PORT', defaultPort: 3040 },
  jobber: { variable: 'SIM_JOBBER_PORT', defaultPort: 3050 },
};

/** A simulator variable holds something that is not a port. */
export class SimulatorEnvError extends Error {
  override name = 'SimulatorEnvError';
}

/** Reads the simulator ports; unset or empty means the default, garbage is refused naming the variable. */
export function simulatorPortsFromEnv(env: NodeJS.ProcessEnv): {
  smtpPort: number;
  inboxPort: number;
  googlePort: number;
  qboPort: number;
  jobberPort: number;
  stripePort: number;
} {
  const read = (listener: SimulatorListener): number => {
    const { variable, defaultPort } = SIMULATOR_PORT_VARIABLES[listener];
    const raw = env[variable];
    if (raw === undefined || raw.trim() === '') return defaultPort;
    const port = Number(raw);
    if (!/^\s*\d+\s*$/.test(raw) || port > 65535) {
      throw new SimulatorEnvError(`${variable} must be a port number (0 to 65535), got "${raw}"`);
    }
    return port;
  };
  return {
    smtpPort: read('smtp'),
    inboxPort: read('inbox'),
    googlePort: read('google'),
    qboPort: read('quickbooks'),
    jobberPort: read('jobber'),
    stripePort: read('stripe'),
  };
}

/**
 * One line telling the user why the simulators did not start and which variable to change, or
 * undefined for an error a launcher should not hide (its stack trace is then the useful part).
 */
export function explainSimulatorStartError(error: unknown): string | undefined {
  if (error instanceof SimulatorPortError) {
    return `${error.message}. Set ${SIMULATOR_PORT_VARIABLES[error.listener].variable} to a free port.`;
  }
  if (error instanceof SimulatorEnvError) return error.message;
  return undefined;
}
