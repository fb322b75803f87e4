import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { SimulatorPortError } from './port-error.ts';
import { explainSimulatorStartError } from './ports-from-env.ts';
import { providerVariables, startSimulators } from './start.ts';

describe('startSimulators', () => {
  it('starts SMTP, inbox and Google simulators together and closes them', async () => {
    const sims = await startSimulators({ googleClientId: 'custom.apps.googleusercontent.com' });
    try {
      expect(sims.smtp.isSmtpRunning).toBe(true);
      expect(sims.google.clientId).toBe('custom.apps.googleusercontent.com');
      expect((await fetch(`${sims.smtp.inboxUrl}/api/smtp`)).status).toBe(200);
      expect((await fetch(sims.google.certsUrl)).status).toBe(200);
      expect((await fetch(`${sims.quickbooks.url}/__sim/stats`)).status).toBe(200);
      expect((await fetch(`${sims.jobber.url}/__sim/stats`)).status).toBe(200);
      expect(providerVariables(sims)).toMatchObject({
        QBO_AUTHORIZE_URL: `${sims.quickbooks.url}/connect/oauth2`,
        QBO_API_URL: sims.quickbooks.url,
        JOBBER_API_URL: `${sims.jobber.url}/api/graphql`,
        JOBBER_CLIENT_ID: sims.jobber.clientId,
      });
      expect((await fetch(`${sims.stripe.url}/v1/prices`, { headers: { authorization: 'Bearer sk_test_1' } })).status).toBe(200);
    } finally {
      await sims.close();
    }
    await expect(fetch(sims.google.certsUrl)).rejects.toThrow();
    await expect(fetch(`${sims.stripe.url}/v1/prices`)).rejects.toThrow();
    await expect(fetch(`${sims.smtp.inboxUrl}/api/smtp`)).rejects.toThrow();
    await expect(fetch(`${sims.quickbooks.url}/`)).rejects.toThrow();
  });

  it('releases the first simulator when the second cannot bind, and names the listener and port', async () => {
    const first = await startSimulators({});
    try {
      const googlePort = Number(new URL(first.google.url).port);
      // The Google port is taken, so startup fails; the SMTP side must not stay bound.
      const error = await startSimulators({ googlePort }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SimulatorPortError);
      expect(error).toMatchObject({ listener: 'google', host: '127.0.0.1', port: googlePort, code: 'EADDRINUSE' });
      expect(explainSimulatorStartError(error)).toBe(
        `The Google sign-in simulator cannot listen on 127.0.0.1:${googlePort}: the port is already in use by another program. Set SIM_GOOGLE_PORT to a free port.`,
      );

      for (const [listener, options, variable] of [
        ['smtp', { smtpPort: first.smtp.smtpPort }, 'SIM_SMTP_PORT'],
        ['inbox', { inboxPort: first.smtp.httpPort }, 'SIM_INBOX_PORT'],
        ['quickbooks', { qboPort: Number(new URL(first.quickbooks.url).port) }, 'SIM_QBO_PORT'],
        ['jobber', { jobberPort: Number(new URL(first.jobber.url).port) }, 'SIM_JOBBER_PORT'],
        ['stripe', { stripePort: first.stripe.port }, 'SIM_STRIPE_PORT'],
      ] as const) {
        const taken = await startSimulators(options).catch((e: unknown) => e);
        expect(taken).toMatchObject({ listener, code: 'EADDRINUSE' });
        expect(explainSimulatorStartError(taken)).toMatch(new RegExp(`already in use by another program\\. Set ${variable} to a free port\\.$`));
      }
    } finally {
      await first.close();
    }
    // Every failed start released what it had bound: the same ports are free again.
    const again = await startSimulators({ smtpPort: first.smtp.smtpPort, inboxPort: first.smtp.httpPort, googlePort: Number(new URL(first.google.url).port), stripePort: first.stripe.port });
    await again.close();
  });

  it('keeps the inbox in inboxDir: a mail received before a restart is listed and readable after it', async () => {
    const inboxDir = mkdtempSync(path.join(tmpdir(), 'sim-inbox-'));
    try {
      const first = await startSimulators({ inboxDir });
      await nodemailer
        .createTransport({ host: '127.0.0.1', port: first.smtp.smtpPort, secure: false })
        .sendMail({ from: 'no-reply@tradelist.test', to: 'new@example.com', subject: 'Activate your Tradelist account', text: 'Open http://localhost:3000/activate/MQ/abc to activate.' });
      const [sent] = first.smtp.messages();
      await first.close();

      const second = await startSimulators({ inboxDir });
      try {
        const listed = (await (await fetch(`${second.smtp.inboxUrl}/api/messages?to=new@example.com`)).json()) as { id: string; subject: string }[];
        expect(listed).toEqual([expect.objectContaining({ id: sent?.id, subject: 'Activate your Tradelist account' })]);
        const page = await fetch(`${second.smtp.inboxUrl}/messages/${sent?.id ?? ''}`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<a href="http://localhost:3000/activate/MQ/abc">');

        // New mail continues the numbering instead of reusing the kept message's id.
        await nodemailer
          .createTransport({ host: '127.0.0.1', port: second.smtp.smtpPort, secure: false })
          .sendMail({ from: 'no-reply@tradelist.test', to: 'new@example.com', subject: 'second', text: '-' });
        expect(second.smtp.messages().map((m) => Number(m.id))).toEqual([Number(sent?.id) + 1, Number(sent?.id)]);

        // Clearing the inbox clears the folder too.
        expect((await fetch(`${second.smtp.inboxUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204);
      } finally {
        await second.close();
      }
      const third = await startSimulators({ inboxDir });
      expect(third.smtp.messages()).toEqual([]);
      await third.close();
    } finally {
      rmSync(inboxDir, { recursive: true, force: true });
    }
  });

  it('without inboxDir the inbox is in memory only', async () => {
    const sims = await startSimulators({});
    await nodemailer
      .createTransport({ host: '127.0.0.1', port: sims.smtp.smtpPort, secure: false })
      .sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'gone', text: '-' });
    await sims.close();
    const again = await startSimulators({});
    expect(again.smtp.messages()).toEqual([]);
    await again.close();
  });
});
