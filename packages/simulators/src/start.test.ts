import { describe, expect, it } from 'vitest';
import { startSimulators } from './start.ts';

describe('startSimulators', () => {
  it('starts SMTP, inbox and Google simulators together and closes them', async () => {
    const sims = await startSimulators({ googleClientId: 'custom.apps.googleusercontent.com' });
    try {
      expect(sims.smtp.isSmtpRunning).toBe(true);
      expect(sims.google.clientId).toBe('custom.apps.googleusercontent.com');
      expect((await fetch(`${sims.smtp.inboxUrl}/api/smtp`)).status).toBe(200);
      expect((await fetch(sims.google.certsUrl)).status).toBe(200);
    } finally {
      await sims.close();
    }
    await expect(fetch(sims.google.certsUrl)).rejects.toThrow();
    await expect(fetch(`${sims.smtp.inboxUrl}/api/smtp`)).rejects.toThrow();
  });

  it('releases the first simulator when the second cannot bind', async () => {
    const first = await startSimulators({});
    try {
      // The Google port is taken, so startup fails; the SMTP side must not stay bound.
      await expect(startSimulators({ googlePort: Number(new URL(first.google.url).port) })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await first.close();
    }
  });
});
