import { api } from '@tradelist/contract/api';
import type { EditionUploadResponse, OperatorEdition } from '@tradelist/contract/operator-editions';
import { priceFor, markupsFromPercents } from '@tradelist/pricing/markups';
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../../mail/templates.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';
import { EDITION_UPLOAD_PART_BYTES, uploadChangedMessage, uploadGoneMessage } from '../../catalog/services/manage-edition-uploads.ts';
import { runAdminCommand } from '../services/run-admin-command.ts';
import { WORKBOOK_MAX_ENTRIES, WORKBOOK_MAX_UNPACKED_BYTES } from '../../catalog/services/workbook-limits.ts';
import { deflatedSpaces, zip } from '../../../../test/support/zip-archives.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

const HEADER = 'sku,name,description,unit,group,cost';

/** A supplier CSV of [sku, name, cost] rows. */
function csvOf(rows: Array<[string, string, string]>): string {
  return [HEADER, ...rows.map(([sku, name, cost]) => `${sku},"${name}",A test item,EA,Wires,${cost}`)].join('\n');
}

/** A multipart/form-data body with one file, as the browser's FormData sends it. */
function multipart(content: string | Buffer, filename: string) {
  const boundary = '----tradelist-edition-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function operatorClient(label: string): Promise<TestClient> {
  const { client, userId } = await clientFor(t, fixture, 'free', label);
  await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', userId!).execute();
  return client;
}

function upload(client: TestClient, query: Record<string, string | number>, content: string | Buffer, filename = 'list.csv') {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return client.request('POST', `${api.operator.uploadEdition.path}?${search}`, multipart(content, filename));
}

async function checkedUpload(client: TestClient, query: Record<string, string | number>, content: string) {
  const response = await upload(client, query, content);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as EditionUploadResponse;
  if (body.status !== 'checked') throw new Error(`rejected: ${JSON.stringify(body.problems)}`);
  return body;
}

async function publish(client: TestClient, body: { upload_id: number; sha256: string }) {
  return client.post(`/api/operator/edition-uploads/${body.upload_id}/publish/`, { sha256: body.sha256 });
}

async function count(table: 'collections' | 'products' | 'edition_uploads' | 'mailings'): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new-edition emails queued for an address. */
async function editionMailsTo(email: string) {
  return t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).where('kind', '=', 'new-edition').execute();
}

async function emailOf(userId: number | null): Promise<string> {
  return (await t.database.db.selectFrom('users').select('email').where('id', '=', userId!).executeTakeFirstOrThrow()).email;
}

async function auditEntries(action: string, subjectId: number) {
  return t.database.db.selectFrom('operator_audit_log').selectAll().where('action', '=', action).where('subject_id', '=', String(subjectId)).execute();
}

async function runJobsAndSchedules() {
  await t.ctx.queue.runDueSchedules();
  await t.ctx.queue.runDueJobs();
}

describe('editions in the console (product §10.13)', () => {
  test('a file with bad rows lists every problem with its row number, and nothing is stored', async () => {
    const client = await operatorClient('ed-bad');
    const before = { collections: await count('collections'), products: await count('products'), uploads: await count('edition_uploads') };
    const content = `${HEADER}\nA-1,Item one,,EA,Wires,1.00\nA-2,Item two,,EA,Wires,12.345\nA-3,,,EA,Wires,3.00\nA-1,Item four,,EA,Wires,-4`;
    const response = await upload(client, { category_id: fixture.paidCategoryId }, content);
    expect(response.statusCode).toBe(200);
    const body = response.json() as EditionUploadResponse;
    expect(body.status).toBe('rejected');
    if (body.status !== 'rejected') return;
    expect(body.problems).toEqual([
      { row: 3, message: 'cost "12.345" has more than two decimals.' },
      { row: 4, message: 'name is empty.' },
      { row: 5, message: 'cost "-4" is negative.' },
      { row: 5, message: 'SKU "A-1" repeats row 2.' },
    ]);
    expect(body.problem_count).toBe(4);
    expect({ collections: await count('collections'), products: await count('products'), uploads: await count('edition_uploads') }).toEqual(before);
  });

  test('bad query values are field errors; an unknown category is 404; a body that is not multipart is 415', async () => {
    const client = await operatorClient('ed-input');
    const badDate = await upload(client, { category_id: fixture.paidCategoryId, rundate: '1 March' }, csvOf([['X-1', 'X', '1.00']]));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields).toHaveProperty('rundate');
    const unknown = await upload(client, { category_id: 999_999 }, csvOf([['X-1', 'X', '1.00']]));
    expect(unknown.statusCode).toBe(404);
    const json = await client.post(`${api.operator.uploadEdition.path}?category_id=${fixture.paidCategoryId}`, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  test('a workbook that unpacks past the limit, or has too many parts, is a 413 naming the limit, and nothing is stored (issue 17 §9)', async () => {
    const client = await operatorClient('ed-bomb');
    const before = { collections: await count('collections'), uploads: await count('edition_uploads') };
    const megabytes = WORKBOOK_MAX_UNPACKED_BYTES / (1024 * 1024) + 64;
    // The central directory says 1,000 bytes: only inflating tells the truth.
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: deflatedSpaces(megabytes), declaredSize: 1000 }]);
    const refused = await upload(client, { category_id: fixture.paidCategoryId }, bomb, 'supplier.xlsx');
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'The workbook unpacks to more than 256 MB; the limit is 256 MB.' });

    const tiny = deflatedSpaces(0);
    const parts = zip(Array.from({ length: WORKBOOK_MAX_ENTRIES + 1 }, (_, index) => ({ name: `xl/part${index}.xml`, data: tiny, declaredSize: 0 })));
    const tooMany = await upload(client, { category_id: fixture.paidCategoryId }, parts, 'supplier.xlsx');
    expect(tooMany.statusCode, tooMany.body).toBe(413);
    expect(tooMany.json().error).toBe('The workbook has more than 1000 parts; the limit is 1000.');
    expect({ collections: await count('collections'), uploads: await count('edition_uploads') }).toEqual(before);
  });

  test('preview, then publish now: the subscribers of the category get one email each, priced with their markups', async () => {
    const client = await operatorClient('ed-now');
    // A subscriber with markups, one who turned new-edition emails off, a free user and an expired subscriber.
    const subscriber = await clientFor(t, fixture, 'subscriber', 'ed-now-sub');
    const percents = { markup1_10: 50, markup11_20: 50, markup21_50: 40, markup51_150: 30, markup151_500: 25, markup501: 20, tax: 8 };
    expect((await subscriber.client.post('/api/user_factor/', { ...percents, inventory_option: '', income_type: '' })).statusCode).toBe(200);
    const optedOut = await clientFor(t, fixture, 'subscriber', 'ed-now-off');
    await t.database.db.updateTable('users').set({ wants_edition_emails: false }).where('id', '=', optedOut.userId!).execute();
    const free = await clientFor(t, fixture, 'free', 'ed-now-free');
    const expired = await clientFor(t, fixture, 'expired', 'ed-now-expired');

    // Against the March edition: EMT-050 and LC-200 up, THHN-12-500 down, NEW-1 new, INJ-1 and -5 removed.
    const content = csvOf([
      ['EMT-050', '1/2 in EMT Connector', '11.00'],
      ['THHN-12-500', '12 AWG THHN, 500 ft', '9.00'],
      ['LC-200', '200A Load Center', '550.01'],
      ['NEW-1', 'A new item', '5.00'],
    ]);
    const preview = await checkedUpload(client, { category_id: fixture.paidCategoryId, name: 'Electrical — March update', rundate: '2026-03-01' }, content);
    expect(preview.edition).toEqual({ collection_id: 'ELECTRICAL-2026-03-2', name: 'Electrical — March update', rundate: '2026-03-01', is_free: false, item_count: 4, publishes: 'now' });
    expect(preview.comparison).toMatchObject({
      previous: { collection_id: 'ELECTRICAL-2026-03', rundate: '2026-03-01' },
      added: 1,
      removed: 2,
      price_up: 2,
      price_down: 1,
      unchanged: 0,
    });
    expect(preview.comparison.examples.price_up).toEqual([
      { sku: 'EMT-050', name: '1/2 in EMT Connector', old_cents: 1000, new_cents: 1100, change_cents: 100, change_bp: 1000 },
      { sku: 'LC-200', name: '200A Load Center', old_cents: 50001, new_cents: 55001, change_cents: 5000, change_bp: 1000 },
    ]);
    expect(preview.comparison.examples.price_down).toEqual([{ sku: 'THHN-12-500', name: '12 AWG THHN, 500 ft', old_cents: 1001, new_cents: 900, change_cents: -101, change_bp: -1009 }]);
    expect(preview.comparison.examples.removed.map((item) => item.sku).sort()).toEqual(['-5', 'INJ-1']);
    // Nothing published by the preview.
    expect((await t.database.db.selectFrom('collections').select('id').where('collection_id', '=', 'ELECTRICAL-2026-03-2').execute()).length).toBe(0);

    const wrongHash = await publish(client, { upload_id: preview.upload_id, sha256: 'f'.repeat(64) });
    expect(wrongHash.statusCode).toBe(400);
    expect(wrongHash.json().error).toBe(uploadChangedMessage);

    const published = await publish(client, preview);
    expect(published.statusCode, published.body).toBe(201);
    const edition = published.json() as OperatorEdition;
    expect(edition).toMatchObject({ collection_id: 'ELECTRICAL-2026-03-2', status: 'current', item_count: 4, announcement: { state: 'sending', due_on: '2026-03-01' } });
    const again = await publish(client, preview);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(uploadGoneMessage);
    expect(await count('edition_uploads')).toBe(0);

    const [entry] = await auditEntries('edition.publish', edition.id);
    expect(entry).toMatchObject({ subject_type: 'edition', after: { code: 'ELECTRICAL-2026-03-2', rundate: '2026-03-01', items: 4, sha256: preview.sha256, file: 'list.csv' } });
    expect(entry!.operator_email).toMatch(/^ed-now-free-/);

    // Users see it at once.
    const latest = (await subscriber.client.get('/api/latest-collection/ALL/')).json() as { latest_collection: Array<{ collection_id: string }> };
    expect(latest.latest_collection.map((c) => c.collection_id)).toContain('ELECTRICAL-2026-03-2');

    await t.ctx.queue.runDueJobs();
    await t.ctx.queue.runDueJobs();
    const mails = await editionMailsTo(await emailOf(subscriber.userId));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('New on Tradelist: Electrical — March update');
    const markups = markupsFromPercents(percents);
    const priced = (cents: number) => formatMoney(priceFor(cents, markups).priceCents, 'usd');
    expect(mail.text_body).toContain('current from March 1, 2026');
    expect(mail.text_body).toContain('2 items went up and 1 item went down; 1 item is new and 2 items were removed.');
    expect(mail.text_body).toContain(`200A Load Center (LC-200): ${priced(50001)} → ${priced(55001)} (+10.0%)`);
    expect(mail.text_body).toContain(`1/2 in EMT Connector (EMT-050): ${priced(1000)} → ${priced(1100)}`);
    // The largest increase in dollars comes first.
    expect(mail.text_body!.indexOf('LC-200')).toBeLessThan(mail.text_body!.indexOf('EMT-050'));
    expect(mail.text_body).toContain('http://localhost:3000/dashboard/catalog');
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\/[^>]+\/>$/);
    for (const user of [optedOut, free, expired]) expect(await editionMailsTo(await emailOf(user.userId))).toHaveLength(0);

    const mailing = await t.database.db.selectFrom('mailings').selectAll().where('collection_id', '=', edition.id).executeTakeFirstOrThrow();
    expect(mailing.state).toBe('sent');
    // Running everything again sends nothing more.
    await runJobsAndSchedules();
    expect(await editionMailsTo(await emailOf(subscriber.userId))).toHaveLength(1);
  });

  test('publish on a later run date: users see it and get the email only when the date arrives', async () => {
    const client = await operatorClient('ed-later');
    const subscriber = await clientFor(t, fixture, 'subscriber', 'ed-later-sub');
    const preview = await checkedUpload(client, { category_id: fixture.paidCategoryId, rundate: '2026-03-10' }, csvOf([['EMT-050', 'EMT Connector', '12.00']]));
    expect(preview.edition).toMatchObject({ collection_id: 'ELECTRICAL-2026-03-3', name: 'Electrical Price List — March 2026', publishes: 'on_rundate' });
    const published = await publish(client, preview);
    expect(published.statusCode).toBe(201);
    const edition = published.json() as OperatorEdition;
    expect(edition).toMatchObject({ status: 'scheduled', announcement: { state: 'scheduled', due_on: '2026-03-10', recipients: 0 } });

    const visible = async () =>
      ((await subscriber.client.get('/api/latest-collection/ALL/')).json() as { latest_collection: Array<{ id: number }> }).latest_collection.some((c) => c.id === edition.id);
    expect(await visible()).toBe(false);
    const download = await subscriber.client.post('/api/download-products/', { collection_id: edition.id, catelog_id: 'none' });
    expect(download.statusCode).toBe(404);
    await runJobsAndSchedules();
    expect(await editionMailsTo(await emailOf(subscriber.userId))).toHaveLength(0);

    // Nine days later, the run date.
    t.clock.advance(9 * 24 * 60 * 60);
    expect(await visible()).toBe(true);
    await runJobsAndSchedules();
    await t.ctx.queue.runDueJobs();
    const mails = await editionMailsTo(await emailOf(subscriber.userId));
    expect(mails.map((m) => m.subject)).toEqual(['New on Tradelist: Electrical Price List — March 2026']);
    const list = (await client.get(api.operator.editions.path)).json() as OperatorEdition[];
    expect(list.find((e) => e.id === edition.id)).toMatchObject({ status: 'current', announcement: { state: 'sent' } });
    expect(list.find((e) => e.id === edition.id)!.announcement!.recipients).toBeGreaterThanOrEqual(1);
  });

  test('a scheduled edition can be withdrawn (audit-logged, never announced); a current one cannot', async () => {
    const client = await operatorClient('ed-withdraw');
    const subscriber = await clientFor(t, fixture, 'subscriber', 'ed-withdraw-sub');
    const rundate = new Date(t.clock.now().getTime() + 20 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const preview = await checkedUpload(client, { category_id: fixture.paidCategoryId, rundate }, csvOf([['EMT-050', 'EMT Connector', '13.00']]));
    const edition = (await publish(client, preview)).json() as OperatorEdition;
    expect(edition.status).toBe('scheduled');

    const withdrawn = await client.request('DELETE', `/api/operator/editions/${edition.id}/`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ message: `${edition.collection_id} was withdrawn; users will not see it.` });
    const list = (await client.get(api.operator.editions.path)).json() as OperatorEdition[];
    expect(list.some((e) => e.id === edition.id)).toBe(false);
    const [entry] = await auditEntries('edition.withdraw', edition.id);
    expect(entry).toMatchObject({ subject_type: 'edition', before: { code: edition.collection_id, rundate, items: 1 }, after: null });
    expect(await t.database.db.selectFrom('mailings').select('id').where('collection_id', '=', edition.id).execute()).toEqual([]);

    t.clock.advance(21 * 24 * 60 * 60);
    await runJobsAndSchedules();
    const subjects = (await editionMailsTo(await emailOf(subscriber.userId))).map((m) => m.subject);
    expect(subjects.some((subject) => subject.includes(edition.name) && subject.includes(rundate.slice(0, 4)))).toBe(false);

    // Three weeks on, the sessions of before have ended: sign in again.
    const later = await operatorClient('ed-withdraw-later');
    const current = ((await later.get(api.operator.editions.path)).json() as OperatorEdition[]).find((e) => e.status === 'current' && e.category_id === fixture.paidCategoryId)!;
    const refused = await later.request('DELETE', `/api/operator/editions/${current.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EDITION_RELEASED');
    expect(await t.database.db.selectFrom('collections').select('id').where('id', '=', current.id).execute()).toHaveLength(1);
    expect((await later.request('DELETE', '/api/operator/editions/999999/')).statusCode).toBe(404);
  });

  test('a free list is announced to every verified user who wants new edition emails, not to unverified accounts', async () => {
    const client = await operatorClient('ed-free');
    const free = await clientFor(t, fixture, 'free', 'ed-free-user');
    const subscriber = await clientFor(t, fixture, 'subscriber', 'ed-free-sub');
    const unverified = await clientFor(t, fixture, 'free', 'ed-free-unverified');
    await t.database.db.updateTable('users').set({ is_verified: false }).where('id', '=', unverified.userId!).execute();
    const today = t.clock.now().toISOString().slice(0, 10);
    const preview = await checkedUpload(client, { category_id: fixture.freeCategoryId, name: 'Demo refresh', rundate: today }, csvOf([['EMT-050', 'EMT Connector', '9.00']]));
    expect(preview.comparison.price_down).toBe(1);
    expect((await publish(client, preview)).statusCode).toBe(201);
    await t.ctx.queue.runDueJobs();
    for (const user of [free, subscriber]) {
      const mails = (await editionMailsTo(await emailOf(user.userId))).filter((m) => m.subject === 'New on Tradelist: Demo refresh');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain('0 items went up and 1 item went down');
    }
    expect(await editionMailsTo(await emailOf(unverified.userId))).toHaveLength(0);
  });

  test('the command line publishes with the same service: audit entry, and the announcement scheduled for the run date', async () => {
    const rundate = new Date(t.clock.now().getTime() + 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const files = new Map([['plumbing.csv', new TextEncoder().encode(csvOf([['PEX-12', '1/2 in PEX, 100 ft', '39.00']]))]]);
    const result = await runAdminCommand({ db: t.database.db, clock: t.clock, config: t.config, uploads: t.ctx.uploads }, ['import-edition', 'plumbing', 'plumbing.csv', '--rundate', rundate], files);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain(`Users see it from ${rundate}; those with new-edition emails on are emailed then.`);
    const edition = await t.database.db.selectFrom('collections').selectAll().where('collection_id', 'like', 'PLUMBING-%').executeTakeFirstOrThrow();
    const [entry] = await auditEntries('edition.publish', edition.id);
    expect(entry).toMatchObject({ operator_id: null, operator_email: 'command line', after: { category: 'Plumbing', rundate, items: 1 } });
    const mailing = await t.database.db.selectFrom('mailings').selectAll().where('collection_id', '=', edition.id).executeTakeFirstOrThrow();
    expect(mailing).toMatchObject({ kind: 'new-edition', state: 'scheduled', due_on: rundate, created_by: 'command line' });
  });

  test('a file larger than one stored part is kept in parts and published exactly; a kept file cut short is refused (decision 0024)', async () => {
    const client = await operatorClient('ed-parts');
    // A category of its own: what is published here stays out of the other tests' way.
    const category = await t.database.db.insertInto('categories').values({ name: 'Parts Test', slug: 'parts-test', position: 90 }).returning('id').executeTakeFirstOrThrow();
    const rows = Array.from({ length: 9000 }, (_, index): [string, string, string] => [`PART-${index}`, `Parted item ${index} with a long enough name`, `${(index % 97) + 1}.50`]);
    const content = csvOf(rows);
    expect(content.length).toBeGreaterThan(2 * EDITION_UPLOAD_PART_BYTES);
    const preview = await checkedUpload(client, { category_id: category.id, rundate: '2026-03-01' }, content);
    const parts = await t.database.db.selectFrom('edition_upload_parts').select(['part']).where('upload_id', '=', preview.upload_id).orderBy('part').execute();
    expect(parts.map((row) => row.part)).toEqual([0, 1, 2].slice(0, Math.ceil(content.length / EDITION_UPLOAD_PART_BYTES)));

    const cut = await checkedUpload(client, { category_id: category.id, rundate: '2026-03-01' }, content);
    await t.database.db.deleteFrom('edition_upload_parts').where('upload_id', '=', cut.upload_id).where('part', '=', 1).execute();
    const refused = await publish(client, cut);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toBe(uploadChangedMessage);

    const published = await publish(client, preview);
    expect(published.statusCode, published.body).toBe(201);
    expect((published.json() as OperatorEdition).item_count).toBe(9000);
  });
});
