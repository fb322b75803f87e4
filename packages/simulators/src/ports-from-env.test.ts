import { describe, expect, it } from 'vitest';
import { explainSimulatorStartError, SimulatorEnvError, simulatorPortsFromEnv } from './ports-from-env.ts';

describe('simulatorPortsFromEnv', () => {
  it('uses the documented defaults for unset or empty variables', () => {
    expect(simulatorPortsFromEnv({})).toEqual({ smtpPort: 2525, inboxPort: 3025, googlePort: 3030, qboPort: 3040, jobberPort: 3050, stripePort: 12111 });
    expect(simulatorPortsFromEnv({ SIM_SMTP_PORT: '', SIM_INBOX_PORT: ' ' })).toEqual({ smtpPort: 2525, inboxPort: 3025, googlePort: 3030, qboPort: 3040, jobberPort: 3050, stripePort: 12111 });
  });

  it('reads each variable, 0 included (a free port)', () => {
    expect(simulatorPortsFromEnv({ SIM_SMTP_PORT: '2600', SIM_INBOX_PORT: '0', SIM_GOOGLE_PORT: '3100' })).toEqual({
      smtpPort: 2600,
      inboxPort: 0,
      googlePort: 3100,
      qboPort: 3040,
      jobberPort: 3050,
      stripePort: 12111,
    });
    expect(simulatorPortsFromEnv({ SIM_STRIPE_PORT: '12200' }).stripePort).toBe(12200);
  });

  it.each([
    ['SIM_SMTP_PORT', 'abc'],
    ['SIM_INBOX_PORT', '70000'],
    ['SIM_GOOGLE_PORT', '-1'],
    ['SIM_GOOGLE_PORT', '30.5'],
    ['SIM_QBO_PORT', 'x'],
    ['SIM_JOBBER_PORT', '65536'],
    ['SIM_STRIPE_PORT', 'x12111'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    let error: unknown;
    try {
      simulatorPortsFromEnv({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SimulatorEnvError);
    expect(explainSimulatorStartError(error)).toBe(`${variable} must be a port number (0 to 65535), got "${value}"`);
  });

  it('leaves unexpected errors to the caller', () => {
    expect(explainSimulatorStartError(new Error('disk full'))).toBeUndefined();
  });
});
