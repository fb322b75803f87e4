import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { startSmtpSimulator, type InboxMessage, type SmtpSimulator } from '@tradelist/simulators/smtp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { extractLink, uniqueEmail } from './support/accounts.ts';
import { freePort } from './support/ports.ts';
import { Browser, start, STARTUP_TIMEOUT_MS, waitFor, waitUntilReady, type Started } from './support/processes.ts';
import { dropDatabaseWhenIdle } from './support/test-database.ts';

/**
 * Scale-out with real processes (docs/decisions/0009): two API processes started with WORKERS=0
 * and one worker process, on one fresh PostgreSQL database that they migrate themselves at start,
 * as a deployment's processes would. Only the worker has SMTP_URL, and it signs mail with its
 * own MAIL_FROM, so the inbox shows who sent each message.
 */
const databaseUrl = process.env.DATABASE_URL;
const WORKER_FROM = 'worker@tradelist.test';
const API_FROM = 'api@tradelist.test';

describe.skipIf(!databaseUrl)(
  `two API processes (WORKERS=0) and a worker process on one PostgreSQL${databaseUrl ? '' : ' (skipped: set DATABASE_URL; the embedded PGlite can be opened by one process only)'}`,
  () => {
    const name = `tl_multi_${randomBytes(6).toString('hex')}`;
    let admin: pg.Client;
    let smtp: SmtpSimulator;
    let database: DatabaseHandle;
    let apis: Array<Started & { base: string }> = [];
    let worker: Started;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(databaseUrl!);
      url.pathname = `/${name}`;
      smtp = await startSmtpSimulator({ smtpPort: 0, httpPort: 0 });
      const ports = [await freePort(), await freePort()];
      // One public address for both, as behind a load balancer: links in mail point at it.
      const appUrl = `http://localhost:${ports[0]}`;
      const common = { DATABASE_URL: url.toString(), APP_URL: appUrl };
      apis = ports.map((port) => ({ ...start('server', { ...common, PORT: String(port), WORKERS: '0', MAIL_FROM: API_FROM }), base: `http://127.0.0.1:${port}` }));
      worker = start('worker', { ...common, SMTP_URL: smtp.smtpUrl, MAIL_FROM: WORKER_FROM });
      await waitUntilReady({ apis: apis, workers: [worker] });
      database = await openDatabase({ databaseUrl: url.toString() });
    }, STARTUP_TIMEOUT_MS + 30_000);

    afterAll(async () => {
      for (const running of [...apis, worker]) if (running?.child.exitCode === null) running.child.kill('SIGKILL');
      await Promise.all([...apis, worker].map((running) => running?.exited));
      await database?.close();
      await smtp?.close();
      if (admin) {
        await dropDatabaseWhenIdle(admin, name);
        await admin.end();
      }
    });

    const [a, b] = [0, 1];
    const inbox = async (email: string): Promise<InboxMessage[]> =>
      (await fetch(`${smtp.inboxUrl}/api/messages?to=${encodeURIComponent(email)}`)).json() as Promise<InboxMessage[]>;

    /** Registers through one API process and returns the one activation mail, once the worker sent it. */
    async function register(on: number, email: string, password: string): Promise<InboxMessage> {
      const response = await new Browser().call(apis[on]!.base, 'POST', '/api/register/', { username: 'Many Processes', email, password, password2: password });
      expect(response.status).toBe(201);
      const [mail] = await waitFor(`the activation mail to ${email}`, async () => {
        const messages = await inbox(email);
        return messages.length > 0 ? messages : undefined;
      });
      return mail!;
    }

    test('a registration on either API process yields exactly one activation mail, sent by the worker', async () => {
      const emails = [uniqueEmail('via-a'), uniqueEmail('via-b')];
      const mails = await Promise.all(emails.map((email, index) => register(index === 0 ? a : b, email, 'one process sends mail')));
      for (const mail of mails) {
        expect(mail.from).toBe(WORKER_FROM);
        expect(extractLink(mail.text, 'activate').url).toContain('/activate/');
      }
      // Give a second delivery every chance to happen, then count again.
      await waitFor('the outbox to settle', async () => {
        const rows = await database.db.selectFrom('mail_outbox').select('status').execute();
        return rows.length === 2 && rows.every((row) => row.status === 'sent') ? true : undefined;
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const email of emails) expect(await inbox(email)).toHaveLength(1);
      // One attempt each, by the worker: an API process that had claimed a job would have failed it
      // (it has no SMTP_URL) and left a second attempt.
      const jobs = await database.db.selectFrom('jobs').select(['state', 'attempts', 'claimed_by']).where('queue', '=', 'send-email').execute();
      expect(jobs).toEqual([0, 1].map(() => ({ state: 'completed', attempts: 1, claimed_by: `${hostname()}/${worker.child.pid}` })));
    });

    test('a session made through one API process works on the other, and ends on both', async () => {
      const email = uniqueEmail('session');
      const password = 'sessions live in the database';
      const link = extractLink((await register(a, email, password)).text, 'activate');
      const browser = new Browser();
      expect((await browser.call(apis[b]!.base, 'POST', '/api/activate/', { uid: link.uid, token: link.token })).status).toBe(200);
      expect((await browser.call(apis[a]!.base, 'POST', '/api/login_page/', { email, password })).status).toBe(200);
      const me = await browser.call(apis[b]!.base, 'GET', '/api/me/');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(email);
      expect((await browser.call(apis[b]!.base, 'GET', '/api/logout/')).status).toBe(204);
      expect((await browser.call(apis[a]!.base, 'GET', '/api/me/')).status).toBe(401);
    });

    test('the login rate limit counts across both API processes', async () => {
      const email = uniqueEmail('limited');
      // The product's limit: 10 failed logins per account in 15 minutes (config/env.ts).
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await new Browser().call(apis[attempt % 2]!.base, 'POST', '/api/login_page/', { email, password: 'not the password 1' });
        expect(response.status).toBe(401);
      }
      expect((await new Browser().call(apis[a]!.base, 'POST', '/api/login_page/', { email, password: 'not the password 1' })).status).toBe(429);
      expect((await new Browser().call(apis[b]!.base, 'POST', '/api/login_page/', { email, password: 'not the password 1' })).status).toBe(429);
    });

    test('scheduled work ran in the worker only, and every process stops cleanly on SIGTERM', async () => {
      const schedule = await database.db.selectFrom('job_schedules').selectAll().where('name', '=', 'clean-up').executeTakeFirstOrThrow();
      expect(schedule.last_run_by).toBe(`${hostname()}/${worker.child.pid}`);
      const cleanUps = await database.db.selectFrom('jobs').select(['state', 'claimed_by']).where('queue', '=', 'clean-up').execute();
      expect(cleanUps).toHaveLength(1);
      for (const running of [...apis, worker]) running.child.kill('SIGTERM');
      expect(await Promise.all([...apis, worker].map((running) => running.exited))).toEqual([0, 0, 0]);
    });
  },
);
