import { randomBytes } from 'node:crypto';
import { startGoogleSimulator, type GoogleSimulator } from '@tradelist/simulators/google';
import { startSmtpSimulator, type InboxMessage, type SmtpSimulator } from '@tradelist/simulators/smtp';
import { expect } from 'vitest';
import type { User } from '../../src/db/schema.ts';
import type { TestApp, TestClient } from './test-app.ts';

/** The SMTP and Google simulators one test file talks to (real SMTP, real JWKS over HTTP). */
export interface Simulators {
  smtp: SmtpSimulator;
  google: GoogleSimulator;
  close(): Promise<void>;
}

/** Starts both simulators on free ports; call in beforeAll. */
export async function startSimulators(): Promise<Simulators> {
  const [smtp, google] = await Promise.all([startSmtpSimulator({ smtpPort: 0, httpPort: 0 }), startGoogleSimulator({ port: 0 })]);
  return {
    smtp,
    google,
    close: async () => {
      await Promise.all([smtp.close(), google.close()]);
    },
  };
}

/** The environment that points the app at the simulators. */
export function simulatorEnv(sims: Simulators): Record<string, string> {
  return { SMTP_URL: sims.smtp.smtpUrl, GOOGLE_CLIENT_ID: sims.google.clientId, GOOGLE_CERTS_URL: sims.google.certsUrl };
}

let sequence = 0;
const runId = randomBytes(3).toString('hex');

/** An email address no other test uses. */
export function uniqueEmail(label = 'user'): string {
  sequence += 1;
  return `${label}-${runId}-${sequence}@example.com`;
}

/** A client address no other test uses, so per-address rate limits never collide. */
export function uniqueAddress(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

/** Runs the due jobs (workers do not poll in tests), which delivers queued mail over SMTP. */
export async function deliverMail(t: TestApp): Promise<void> {
  await t.ctx.queue.runDueJobs();
}

/** Messages the SMTP simulator received for `email`, oldest first. */
export function mailsTo(smtp: SmtpSimulator, email: string): InboxMessage[] {
  const address = email.toLowerCase();
  return smtp
    .messages()
    .filter((message) => message.to.some((to) => to.toLowerCase() === address))
    .reverse();
}

/**
 * The message for `email` that arrived last; fails the test when there is none. Mails queued
 * together are delivered in parallel and may arrive in any order, so deliver after each request
 * when the order matters.
 */
export function lastMailTo(smtp: SmtpSimulator, email: string): InboxMessage {
  const messages = mailsTo(smtp, email);
  const last = messages[messages.length - 1];
  if (!last) throw new Error(`no mail reached ${email}`);
  return last;
}

export interface MailedLink {
  url: string;
  uid: string;
  token: string;
}

/** The `/{kind}/{uid}/{token}` link in a mail's text; throws when the mail has none. */
export function extractLink(text: string, kind: 'activate' | 'reset-password'): MailedLink {
  const match = new RegExp(`(https?://[^\\s/]+/${kind}/([^/\\s]+)/([^/\\s]+))`).exec(text);
  if (!match) throw new Error(`no ${kind} link in: ${text}`);
  return { url: match[1]!, uid: match[2]!, token: match[3]! };
}

/** The link in the newest mail for `email`. */
export function lastLinkTo(smtp: SmtpSimulator, email: string, kind: 'activate' | 'reset-password'): MailedLink {
  return extractLink(lastMailTo(smtp, email).text, kind);
}

export interface AccountInput {
  name?: string;
  email?: string;
  password?: string;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A password that passes every rule (long, not on the common list). */
export function strongPassword(): string {
  return `copper wire ${randomBytes(6).toString('hex')}`;
}

function account(input: AccountInput): Account {
  return { name: input.name ?? 'Test Electrician', email: input.email ?? uniqueEmail(), password: input.password ?? strongPassword() };
}

/** Registers through the API (201 expected), delivers the activation mail and returns its link. */
export async function registerAccount(
  t: TestApp,
  smtp: SmtpSimulator,
  client: TestClient,
  input: AccountInput = {},
): Promise<Account & { link: MailedLink }> {
  const acc = account(input);
  const response = await client.post('/api/register/', {
    username: acc.name,
    email: acc.email,
    password: acc.password,
    password2: acc.password,
  });
  expect(response.statusCode, response.body).toBe(201);
  await deliverMail(t);
  return { ...acc, link: lastLinkTo(smtp, acc.email, 'activate') };
}

/** Registers and activates an account through the API and the mailed link. */
export async function registerAndActivate(
  t: TestApp,
  smtp: SmtpSimulator,
  client: TestClient,
  input: AccountInput = {},
): Promise<Account & { id: number }> {
  const { link, ...acc } = await registerAccount(t, smtp, client, input);
  const activated = await client.post('/api/activate/', { uid: link.uid, token: link.token });
  expect(activated.statusCode, activated.body).toBe(200);
  const user = await findUser(t, acc.email);
  return { ...acc, id: user!.id };
}

/** Logs in with email and password. */
export function logIn(client: TestClient, email: string, password: string) {
  return client.post('/api/login_page/', { email, password });
}

/** The user row for an email (case-insensitive), if any. */
export function findUser(t: TestApp, email: string): Promise<User | undefined> {
  return t.database.db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

const countedTables = ['users', 'user_tokens', 'mail_outbox', 'jobs', 'sessions', 'newsletter_subscribers', 'marketing_signups', 'setup_call_requests'] as const;
export type CountedTable = (typeof countedTables)[number];

/** Row counts of the tables a refused request must not touch. */
export async function countRows(t: TestApp): Promise<Record<CountedTable, number>> {
  const counts = {} as Record<CountedTable, number>;
  for (const table of countedTables) {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
