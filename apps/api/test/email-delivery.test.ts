import { afterEach, describe, expect, test } from 'vitest';
import { sendEmail } from '../src/mail/send-email-job.ts';
import { registeredMessage } from '../src/modules/accounts/services/register-user.ts';
import { resetRequestedMessage } from '../src/modules/accounts/services/request-password-reset.ts';
import {
  deliverMail,
  extractLink,
  mailsTo,
  registerAndActivate,
  strongPassword,
  uniqueAddress,
  uniqueEmail,
  type Simulators,
} from './support/accounts.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp } from './support/test-app.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));
afterEach(async () => {
  if (!sims.smtp.isSmtpRunning) await sims.smtp.startSmtp();
});

const client = () => t.client({ remoteAddress: uniqueAddress() });
const { baseSeconds: retryBaseSeconds, maxSeconds: retryMaxSeconds } = sendEmail.backoff;

/** The outbox row and its delivery job for the mail addressed to `email`. */
async function outboxFor(email: string) {
  const mail = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
  const jobs = await t.database.db.selectFrom('jobs').selectAll().where('queue', '=', sendEmail.name).execute();
  const job = jobs.find((row) => (row.payload as { outboxId: number }).outboxId === mail.id);
  if (!job) throw new Error(`no job for outbox row ${mail.id}`);
  return { mail, job };
}

async function register(email: string) {
  const password = strongPassword();
  return client().post('/api/register/', { username: 'Mail Test', email, password, password2: password });
}

describe('mail goes through the outbox', () => {
  test('SMTP down: the request still succeeds; the mail waits, is retried with backoff, and arrives exactly once', async () => {
    await sims.smtp.stopSmtp();
    const email = uniqueEmail('outage');

    const response = await register(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: registeredMessage });

    await deliverMail(t);
    let { mail, job } = await outboxFor(email);
    expect(mail.status).toBe('pending');
    expect(mail.attempts).toBeGreaterThanOrEqual(1);
    expect(mail.last_error).toBeTruthy();
    expect(job.state).toBe('queued');
    expect(job.attempts).toBe(1);
    expect(job.run_at.getTime()).toBe(t.clock.now().getTime() + retryBaseSeconds * 1000);
    expect(mailsTo(sims.smtp, email)).toHaveLength(0);

    await sims.smtp.startSmtp();
    // Not due yet: nothing is sent before the backoff has passed.
    await deliverMail(t);
    expect(mailsTo(sims.smtp, email)).toHaveLength(0);

    t.clock.advance(retryBaseSeconds);
    await deliverMail(t);
    const delivered = mailsTo(sims.smtp, email);
    expect(delivered).toHaveLength(1);
    ({ mail, job } = await outboxFor(email));
    expect(mail.status).toBe('sent');
    expect(mail.sent_at).toEqual(t.clock.now());
    expect(mail.last_error).toBeNull();
    expect(job.state).toBe('completed');
    expect(delivered[0]!.messageId).toBe(mail.message_id);
    const link = extractLink(delivered[0]!.text, 'activate');
    expect(link.url.startsWith(`${t.config.appUrl}/activate/`)).toBe(true);
    // Issue 7 §1.5: once sent, the row keeps who, what and when, but not the live link.
    expect(mail).toMatchObject({ to_address: email, subject: 'Activate your Tradelist account', kind: 'activation', text_body: null, html_body: null });
    expect(JSON.stringify(await t.database.db.selectFrom('mail_outbox').selectAll().execute())).not.toContain(link.token);
    expect(JSON.stringify(await t.database.db.selectFrom('jobs').selectAll().execute())).not.toContain(link.token);

    for (let i = 0; i < 3; i++) {
      t.clock.advance(retryMaxSeconds + 1);
      await deliverMail(t);
    }
    expect(mailsTo(sims.smtp, email)).toHaveLength(1);
  });

  test('SMTP down: a reset request answers as usual and the mail follows once SMTP is back', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    await sims.smtp.stopSmtp();
    const response = await client().post('/api/request-password-reset/', { email: acc.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: resetRequestedMessage });
    await deliverMail(t);
    const before = mailsTo(sims.smtp, acc.email).length;
    // While it waits, the row holds the body: it is what will be sent.
    const waiting = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', acc.email).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(waiting.text_body).toContain('/reset-password/');

    await sims.smtp.startSmtp();
    t.clock.advance(retryBaseSeconds);
    await deliverMail(t);
    expect(mailsTo(sims.smtp, acc.email)).toHaveLength(before + 1);
    const reset = mailsTo(sims.smtp, acc.email).at(-1)!;
    expect(reset.subject).toBe('Reset your Tradelist password');
    const { token } = extractLink(reset.text, 'reset-password');
    const rows = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', acc.email).execute();
    expect(rows.map((row) => [row.status, row.text_body, row.html_body])).toEqual(rows.map(() => ['sent', null, null]));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('a mail that keeps failing backs off exponentially and is abandoned after the last attempt', async () => {
    await sims.smtp.stopSmtp();
    const email = uniqueEmail('doomed');
    expect((await register(email)).statusCode).toBe(201);

    const delays: number[] = [];
    let { mail, job } = await outboxFor(email);
    for (let i = 0; i < job.max_attempts + 5 && mail.status === 'pending'; i++) {
      const before = t.clock.now().getTime();
      await deliverMail(t);
      ({ mail, job } = await outboxFor(email));
      if (job.state === 'queued') delays.push((job.run_at.getTime() - before) / 1000);
      t.clock.advance(retryMaxSeconds + 1);
    }

    expect(mail.status).toBe('abandoned');
    // Never sent, and never will be: its activation link goes too.
    expect(mail).toMatchObject({ text_body: null, html_body: null, subject: 'Activate your Tradelist account' });
    expect(mail.attempts).toBe(job.max_attempts);
    expect(mail.last_error).toBeTruthy();
    expect(job.state).toBe('failed');
    expect(job.attempts).toBe(job.max_attempts);
    expect(delays).toHaveLength(job.max_attempts - 1);
    expect(delays.slice(0, 4)).toEqual([retryBaseSeconds, retryBaseSeconds * 2, retryBaseSeconds * 4, retryBaseSeconds * 8]);
    expect(Math.max(...delays)).toBe(retryMaxSeconds);

    // An abandoned mail is not sent later, even when SMTP is back.
    await sims.smtp.startSmtp();
    t.clock.advance(retryMaxSeconds + 1);
    await deliverMail(t);
    expect(mailsTo(sims.smtp, email)).toHaveLength(0);
  });
});
