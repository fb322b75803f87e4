import { randomBytes } from 'node:crypto';
import { api } from '@tradelist/contract/api';
import type { ProductNewsItem } from '@tradelist/contract/operator-editions';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../../app.ts';
import { claimDueJobs } from '../../../jobs/jobs-repository.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { importEdition } from '../../catalog/services/import-edition.ts';
import { editionAnnouncements } from '../services/edition-announcements.ts';
import { MAILING_BATCH_SIZE, sendMailingBatch, startDueMailings } from '../services/send-mailing-batch.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

/** Adds `n` verified users at once, with the given email preferences; returns their addresses. */
async function addUsers(label: string, n: number, preferences: { wants_edition_emails: boolean; wants_product_news: boolean }): Promise<string[]> {
  const now = t.clock.now();
  const run = randomBytes(3).toString('hex');
  const rows = await t.database.db
    .insertInto('users')
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `${label} ${i}`,
        email: `${label}-${run}-${i}@example.com`,
        password_hash: null,
        google_subject: null,
        is_verified: true,
        ...preferences,
        password_changed_at: null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('email')
    .execute();
  return rows.map((row) => row.email);
}

/** How many emails of a kind each address has in the outbox. */
async function mailCounts(kind: string, addresses: string[], subject?: string): Promise<number[]> {
  let query = t.database.db.selectFrom('mail_outbox').select('to_address').where('kind', '=', kind).where('to_address', 'in', addresses);
  if (subject) query = query.where('subject', '=', subject);
  const rows = await query.execute();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.to_address, (counts.get(row.to_address) ?? 0) + 1);
  return addresses.map((address) => counts.get(address) ?? 0);
}

describe('new-edition emails in batches (decision 0019)', () => {
  test('exactly one per opted-in user across a worker that dies after its first batch and a new worker on the same database', async () => {
    const optedIn = await addUsers('batch-in', 2 * MAILING_BATCH_SIZE + 50, { wants_edition_emails: true, wants_product_news: false });
    const optedOut = await addUsers('batch-out', 20, { wants_edition_emails: false, wants_product_news: true });
    const today = t.clock.now().toISOString().slice(0, 10);
    const content = new TextEncoder().encode('sku,name,description,unit,group,cost\nEMT-050,EMT Connector,,EA,Conduit Fittings,10.50\nNEW-9,New item,,EA,Wires,2.00\n');
    // Published from the command line: the same service as the console.
    const imported = await importEdition(t.ctx, editionAnnouncements, { category: 'wire-conduit-demo', fileName: 'demo.csv', content, rundate: today, name: 'Demo — batch test' });
    expect(imported.status).toBe('imported');
    expect(await startDueMailings(t.ctx)).toBe(1);

    // The first worker claims the first batch, commits it, and dies before marking the job done.
    const now = t.clock.now();
    const [job] = await claimDueJobs(t.database.db, { queue: sendMailingBatch.name, now, lockUntil: addSeconds(now, 120), limit: 1, worker: 'worker-that-dies' });
    expect(job).toBeDefined();
    await sendMailingBatch.handle(sendMailingBatch.payload.parse(job!.payload), { ctx: t.ctx, jobId: job!.id, attempt: 1 });
    await t.ctx.queue.stop();
    const afterFirst = await t.database.db.selectFrom('mailing_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(afterFirst.n)).toBeGreaterThan(0);
    expect(Number(afterFirst.n)).toBeLessThanOrEqual(MAILING_BATCH_SIZE);

    // A new process on the same database takes over the dead worker's job when its lock runs out.
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false, startWorkers: false });
    await second.app.ready();
    try {
      t.clock.advance(121);
      await second.ctx.queue.runDueJobs();
      const subject = 'New on Tradelist: Demo — batch test';
      expect(new Set(await mailCounts('new-edition', optedIn, subject))).toEqual(new Set([1]));
      expect(new Set(await mailCounts('new-edition', optedOut, subject))).toEqual(new Set([0]));
      const mailing = await t.database.db.selectFrom('mailings').selectAll().where('collection_id', '=', imported.status === 'imported' ? imported.edition.id! : 0).executeTakeFirstOrThrow();
      expect(mailing.state).toBe('sent');
      const deliveries = await t.database.db.selectFrom('mailing_deliveries').select('user_id').where('mailing_id', '=', mailing.id).execute();
      expect(deliveries.length).toBe(mailing.recipients);
      expect(mailing.recipients).toBeGreaterThanOrEqual(optedIn.length);
      const batches = await t.database.db.selectFrom('jobs').select(['state', 'claimed_by']).where('queue', '=', sendMailingBatch.name).execute();
      expect(batches.every((batch) => batch.state === 'completed')).toBe(true);
      expect(batches.length).toBeGreaterThanOrEqual(3);
      // Everything run again changes nothing.
      await second.ctx.queue.runDueSchedules();
      await second.ctx.queue.runDueJobs();
      expect(new Set(await mailCounts('new-edition', optedIn, subject))).toEqual(new Set([1]));
    } finally {
      await second.app.close();
    }
    // Hundreds of users and their emails: longer than the default on a busy machine.
  }, 180_000);
});

describe('product news (product §10.14)', () => {
  test('preview sanitised, a test send to the operator only, then one email per user who wants product news, across a batch that fails midway', async () => {
    const app = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false, startWorkers: false });
    await app.app.ready();
    const { client: operator, userId: operatorId } = await clientFor(t, fixture, 'free', 'news-operator');
    await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', operatorId!).execute();
    const operatorEmail = (await t.database.db.selectFrom('users').select('email').where('id', '=', operatorId!).executeTakeFirstOrThrow()).email;
    const news = { subject: 'Jobber sync is faster', body: 'Hello **contractors**. <script>alert(1)</script> [Read more](https://tradelist.example/blog) [bad](javascript:alert(2))' };
    try {
      const preview = await operator.post(api.operator.previewProductNews.path, news);
      expect(preview.statusCode).toBe(200);
      const html = preview.json().html as string;
      expect(html).toContain('<strong>contractors</strong>');
      expect(html).toContain('<a href="https://tradelist.example/blog"');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('javascript:');

      const recipients = await addUsers('news-in', MAILING_BATCH_SIZE + 30, { wants_edition_emails: false, wants_product_news: true });
      const optedOut = await addUsers('news-out', 10, { wants_edition_emails: true, wants_product_news: false });

      const testSend = await operator.post(api.operator.testProductNews.path, news);
      expect(testSend.statusCode).toBe(202);
      expect(testSend.json()).toEqual({ message: `A test email is on its way to ${operatorEmail}.` });
      const tests = await t.database.db.selectFrom('mail_outbox').selectAll().where('subject', '=', `[Test] ${news.subject}`).execute();
      expect(tests.map((mail) => mail.to_address)).toEqual([operatorEmail]);
      expect(tests[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(await t.database.db.selectFrom('mailings').select('id').where('kind', '=', 'product-news').execute()).toEqual([]);

      // The first batch's transaction fails after 150 claims (a crash mid-batch): none of its work stays.
      const db = t.database.db;
      await sql`CREATE SEQUENCE news_crash_once`.execute(db);
      await sql`
        CREATE FUNCTION news_crash_mid_batch() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('news_crash_once') = 150 THEN RAISE EXCEPTION 'simulated crash mid-batch'; END IF;
          RETURN NEW;
        END $$`.execute(db);
      await sql`CREATE TRIGGER news_crash_mid_batch BEFORE INSERT ON mailing_deliveries FOR EACH ROW EXECUTE FUNCTION news_crash_mid_batch()`.execute(db);
      try {
        const sent = await operator.post(api.operator.sendProductNews.path, news);
        expect(sent.statusCode).toBe(201);
        const item = sent.json() as ProductNewsItem;
        expect(item).toMatchObject({ subject: news.subject, state: 'sending', recipients: 0 });
        await app.ctx.queue.runDueJobs();
        const failed = await db.selectFrom('jobs').select(['state', 'last_error']).where('queue', '=', sendMailingBatch.name).where('state', '=', 'queued').execute();
        expect(failed.map((job) => job.last_error)).toContain('simulated crash mid-batch');
        t.clock.advance(30);
        await app.ctx.queue.runDueJobs();
        t.clock.advance(30);
        await app.ctx.queue.runDueJobs();

        expect(new Set(await mailCounts('product-news', recipients, news.subject))).toEqual(new Set([1]));
        expect(new Set(await mailCounts('product-news', optedOut, news.subject))).toEqual(new Set([0]));
        const mail = await db.selectFrom('mail_outbox').selectAll().where('to_address', '=', recipients[0]!).where('kind', '=', 'product-news').executeTakeFirstOrThrow();
        expect(mail.html_body).toContain('<strong>contractors</strong>');
        expect(mail.html_body).not.toContain('<script');
        expect(mail.headers!['List-Unsubscribe']).toMatch(/\/api\/unsubscribe\//);

        const list = (await operator.get(api.operator.productNews.path)).json() as ProductNewsItem[];
        expect(list[0]).toMatchObject({ id: item.id, state: 'sent' });
        expect(list[0]!.recipients).toBeGreaterThanOrEqual(recipients.length);
        const audit = await db.selectFrom('operator_audit_log').selectAll().where('action', '=', 'product_news.send').where('subject_id', '=', String(item.id)).execute();
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ operator_email: operatorEmail, subject_type: 'product_news', after: news });
      } finally {
        await sql`DROP TRIGGER IF EXISTS news_crash_mid_batch ON mailing_deliveries`.execute(db);
        await sql`DROP FUNCTION IF EXISTS news_crash_mid_batch()`.execute(db);
        await sql`DROP SEQUENCE IF EXISTS news_crash_once`.execute(db);
      }
    } finally {
      await app.app.close();
    }
  }, 180_000);

  test('an empty subject or body is a field error, and nothing is sent', async () => {
    const { client, userId } = await clientFor(t, fixture, 'free', 'news-empty');
    await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', userId!).execute();
    const response = await client.post(api.operator.sendProductNews.path, { subject: ' ', body: '' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['body', 'subject']);
  });
});
